//! Legal-move generation, the cheap questions about it (`movegen::any_capture` …) and playing a
//! move allocate nothing: a counting global allocator watches move generation and perft over
//! positions of every variant.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use draughts_api::rules::movegen::{self, Counting};
use draughts_api::rules::perft::{perft, PerftOptions};
use draughts_api::rules::{Position, Rules, Variant, VariantVisitor};

struct CountingAllocator;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

// SAFETY: forwards every call to the system allocator unchanged; only counts them.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

struct Walk;

impl VariantVisitor for Walk {
    type Output = (usize, u64);

    /// Positions are parsed before counting starts (parsing may allocate); then generation,
    /// playing and perft run with the counter watching.
    fn visit<R: Rules>(self) -> (usize, u64) {
        let start = Position::<R>::start();
        let before = ALLOCATIONS.load(Ordering::SeqCst);
        let mut nodes = 0;
        for counting in [Counting::Moves, Counting::Sequences, Counting::Routes] {
            nodes += perft(&start, 4, PerftOptions { counting, mandatory_capture: true });
            nodes += perft(&start, 3, PerftOptions { counting, mandatory_capture: false });
        }
        let moves = start.legal_moves_with(true);
        for mv in moves.iter() {
            let mut next = start;
            next.play_unchecked(mv);
            nodes += next.legal_moves().len() as u64;
            let can_move = movegen::any_capture(&next) || movegen::any_quiet_move(&next);
            nodes += u64::from(can_move) + u64::from(movegen::quiet_step(&next, mv.from, mv.to).is_some());
        }
        (ALLOCATIONS.load(Ordering::SeqCst) - before, nodes)
    }
}

#[test]
fn move_generation_and_perft_allocate_nothing_in_any_variant() {
    for variant in Variant::ALL {
        let (allocations, nodes) = variant.visit(Walk);
        assert!(nodes > 1000, "{variant}: the walk visited only {nodes} nodes");
        assert_eq!(allocations, 0, "{variant}: {allocations} allocations during move generation");
    }
}
