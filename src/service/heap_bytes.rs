//! `HeapBytes`: what a value holds on the heap beyond its own size, so that a cache can weigh
//! its entries by the memory they really take.

use core::mem::size_of;

use compact_str::CompactString;
use smallvec::{Array, SmallVec};

/// What a value holds on the heap, beyond its own size.
pub trait HeapBytes {
    /// Bytes held on the heap.
    fn heap_bytes(&self) -> usize;
}

impl HeapBytes for u64 {
    fn heap_bytes(&self) -> usize {
        0
    }
}

impl HeapBytes for String {
    fn heap_bytes(&self) -> usize {
        self.capacity()
    }
}

impl HeapBytes for CompactString {
    fn heap_bytes(&self) -> usize {
        if self.is_heap_allocated() {
            self.capacity()
        } else {
            0
        }
    }
}

impl<T: HeapBytes> HeapBytes for Vec<T> {
    fn heap_bytes(&self) -> usize {
        self.capacity() * size_of::<T>() + self.iter().map(HeapBytes::heap_bytes).sum::<usize>()
    }
}

/// Only the spilled buffer: the inline items are part of the value's own size.
impl<A: Array> HeapBytes for SmallVec<A> {
    fn heap_bytes(&self) -> usize {
        if self.spilled() {
            self.capacity() * size_of::<A::Item>()
        } else {
            0
        }
    }
}
