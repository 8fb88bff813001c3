/* Linux stand-in for the few Windows declarations GuiNN Checkers' engine files use when built
 * as a command-line CheckerBoard engine (bench/engines/build.sh guinn). Our code: types and
 * no-op thread/event calls only (the search runs in the calling thread). */
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <cstdio>
#include <ctime>
#include <algorithm>
#include <string>

#ifndef WINAPI
#define WINAPI
#endif
#define CALLBACK
#define INFINITE 0xFFFFFFFFu
#define TRUE 1
#define FALSE 0
typedef int INT;
typedef int BOOL;
typedef unsigned int UINT;
typedef unsigned long DWORD;
typedef unsigned short WORD;
typedef void *HANDLE;
typedef void *HINSTANCE;
typedef void *HWND;
typedef void *HMENU;
typedef void *HDC;
typedef void *HBITMAP;
typedef intptr_t INT_PTR;
typedef intptr_t LRESULT;
typedef uintptr_t WPARAM;
typedef intptr_t LPARAM;
typedef DWORD (*LPTHREAD_START_ROUTINE)(void *);

inline HANDLE CreateEvent(void *, BOOL, BOOL, const char *) { return nullptr; }
inline BOOL SetEvent(HANDLE) { return TRUE; }
inline BOOL ResetEvent(HANDLE) { return TRUE; }
inline DWORD WaitForSingleObject(HANDLE, DWORD) { return 0; }
inline BOOL CloseHandle(HANDLE) { return TRUE; }
inline HANDLE CreateThread(void *, size_t, LPTHREAD_START_ROUTINE, void *, DWORD, DWORD *) { return nullptr; }
