/* What GuiNN Checkers' engine files need from the parts left out of the command-line build
 * (the Windows GUI, the Windows registry): a silent display, no saved settings (the engine's
 * defaults; a hash size of 64 MiB), no endgame-database driver. Our code. */
#include <cstdio>
#include <cstring>
#include "engine.h"
#include "checkersGui.h"
#include "registry.h"

CheckersGUI GUI;

// The search's progress line (depth, eval, nodes), where CheckerBoard shows it: its status string.
void DisplayText(const char *text) {
    if (checkerBoard.bActive && checkerBoard.infoString) {
        strncpy(checkerBoard.infoString, text, 1023);
        checkerBoard.infoString[1023] = 0;
    }
}

void reg_set_int(char *, int) {}
int reg_get_int(char *, int *) { return 0; }
void reg_set_string(char *, char *) {}
int reg_get_string(char *, char *, int) { return 0; }
void save_hashsize(int) {}
void save_book_setting(int) {}
void save_dbpath(char *) {}
void save_enable_wld(int) {}
void save_dbmbytes(int) {}
void save_max_dbpieces(int) {}
int get_hashsize(int *size) { *size = 64; return 1; }
int get_book_setting(int *setting) { *setting = 0; return 1; }  // CB_BOOK_NONE: no opening book
int get_dbpath(char *, int) { return 0; }
int get_enable_wld(int *enable_wld) { *enable_wld = 0; return 1; }
int get_dbmbytes(int *) { return 0; }
int get_max_dbpieces(int *) { return 0; }

// No endgame databases in this build (dbInfo.loaded stays false, so they are never probed).
void InitializeGuiDatabases(SDatabaseInfo &dbInfo) { dbInfo.loaded = false; }
int QueryGuiDatabase(const Board &) { return NO_RESULT; }
void InitializeEdsDatabases(SDatabaseInfo &dbInfo) { dbInfo.loaded = false; }
int QueryEdsDatabase(const Board &, int) { return NO_RESULT; }
