/* Linux stand-in for the Windows types a CheckerBoard engine's DLL entry point uses (C). Our code. */
#pragma once
#include <stdint.h>
#include <time.h>
#ifndef WINAPI
#define WINAPI
#endif
typedef int BOOL;
typedef void *HANDLE;
typedef unsigned long DWORD;
typedef void *LPVOID;
#define TRUE 1
#define FALSE 0
#define DLL_PROCESS_ATTACH 1
#define DLL_PROCESS_DETACH 0
#define DLL_THREAD_ATTACH 2
#define DLL_THREAD_DETACH 3
#ifndef CLK_TCK
#define CLK_TCK CLOCKS_PER_SEC
#endif
