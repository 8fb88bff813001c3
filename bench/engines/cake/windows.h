/* Linux stand-in for the Windows declarations Martin Fierz's Cake (a CheckerBoard DLL written
 * for MSVC) uses, for building its engine files into a command-line program with
 * bench/engines/cbcli.c (bench/engines/build.sh cake). Our code: types, MSVC intrinsics
 * mapped to GCC builtins, and no-op or failing stand-ins for the few system calls (named
 * semaphores, the "My Documents" folder). C. */
#pragma once
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifndef WINAPI
#define WINAPI
#endif
#define __stdcall
#define __cdecl
#define __declspec(x)
#define TRUE 1
#define FALSE 0
#define MAX_PATH 260
#define DLL_PROCESS_ATTACH 1
#define DLL_PROCESS_DETACH 0
#define DLL_THREAD_ATTACH 2
#define DLL_THREAD_DETACH 3
#define CSIDL_PERSONAL 5
#define SUCCEEDED(hr) ((hr) >= 0)
typedef int BOOL;
typedef void *HANDLE;
typedef void *HINSTANCE;
typedef void *HWND;
typedef unsigned long DWORD;
typedef void *LPVOID;
typedef long HRESULT;
typedef unsigned char BYTE;

static inline unsigned int __popcnt(unsigned int x) { return (unsigned int)__builtin_popcount(x); }
static inline unsigned long long __popcnt64(unsigned long long x) { return (unsigned long long)__builtin_popcountll(x); }
static inline unsigned char _BitScanForward(unsigned long *index, unsigned long mask) {
    if (!mask) return 0;
    *index = (unsigned long)__builtin_ctzl(mask);
    return 1;
}
static inline unsigned char _BitScanReverse(unsigned long *index, unsigned long mask) {
    if (!mask) return 0;
    *index = (unsigned long)(63 - __builtin_clzl(mask));
    return 1;
}

#ifndef max
#define max(a, b) (((a) > (b)) ? (a) : (b))
#endif
#ifndef min
#define min(a, b) (((a) < (b)) ? (a) : (b))
#endif

static inline DWORD GetCurrentDirectory(DWORD size, char *buf) { return getcwd(buf, size) ? (DWORD)strlen(buf) : 0; }
static inline BOOL SetCurrentDirectory(const char *dir) { return chdir(dir) == 0; }

/* Named semaphores (one per running copy, for per-copy log files): none; the one copy is 0. */
static inline HANDLE CreateSemaphore(void *a, long b, long c, const char *d) { (void)a; (void)b; (void)c; (void)d; return (HANDLE)1; }
static inline DWORD GetLastError(void) { return 0; }
static inline BOOL CloseHandle(HANDLE h) { (void)h; return TRUE; }
static inline BOOL ReleaseSemaphore(HANDLE h, long n, long *p) { (void)h; (void)n; (void)p; return TRUE; }

/* "My Documents": the working directory. */
static inline HRESULT SHGetFolderPathA(HWND w, int csidl, HANDLE t, DWORD f, char *path) {
    (void)w; (void)csidl; (void)t; (void)f;
    strcpy(path, ".");
    return 0;
}
#define SHGetFolderPath SHGetFolderPathA
static inline BOOL PathAppend(char *path, const char *more) {
    strcat(path, "/");
    strcat(path, more);
    return TRUE;
}
static inline int _getch(void) { return getchar(); }

/* The registry (CheckerBoard engines keep their options there): always fails, so the engine
 * keeps its compiled-in defaults, and enginecommand() "set" changes them for the process. */
typedef void *HKEY;
typedef BYTE *LPBYTE;
#define HKEY_CURRENT_USER ((HKEY)0)
#define KEY_ALL_ACCESS 0
#define ERROR_SUCCESS 0L
#define REG_OPENED_EXISTING_KEY 2
#define REG_CREATED_NEW_KEY 1
#define REG_DWORD 4
#define REG_SZ 1
static inline long RegCreateKeyEx(HKEY k, const char *s, DWORD r, const char *c, DWORD o, int a, void *sa, HKEY *out,
                                  DWORD *disp) {
    (void)k; (void)s; (void)r; (void)c; (void)o; (void)a; (void)sa; (void)out; (void)disp;
    return 1L;
}
#define RegCreateKeyExA RegCreateKeyEx
static inline long RegQueryValueEx(HKEY k, const char *n, DWORD *r, DWORD *t, LPBYTE d, DWORD *sz) {
    (void)k; (void)n; (void)r; (void)t; (void)d; (void)sz;
    return 1L;
}
static inline long RegSetValueEx(HKEY k, const char *n, DWORD r, DWORD t, const BYTE *d, DWORD sz) {
    (void)k; (void)n; (void)r; (void)t; (void)d; (void)sz;
    return 1L;
}
static inline long RegCloseKey(HKEY k) { (void)k; return 0L; }

/* Windows' clock() is wall time, and Cake's time control counts on it; Linux's is CPU time. */
static inline clock_t cake_wall_clock(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (clock_t)(ts.tv_sec * (long long)CLOCKS_PER_SEC + ts.tv_nsec / (1000000000LL / CLOCKS_PER_SEC));
}
#define clock() cake_wall_clock()
#ifndef CLK_TCK
#define CLK_TCK CLOCKS_PER_SEC
#endif
