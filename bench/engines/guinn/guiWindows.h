/* Replaces GuiNN Checkers' guiWindows.h (its Windows GUI) when its engine is built as a
 * command-line CheckerBoard engine: the declarations the engine files use, no GUI. Our code. */
#pragma once
#include "windows.h"

struct SearchInfo;
struct Move;
struct Board;
enum eColor : uint8_t;

void DisplayText(const char *text);
void RunningDisplay(SearchInfo &displayInfo, const Move &bestmove, bool bSearching);

const int NO_SQUARE = 255;
enum class eMoveResult { INVALID_MOVE = 0, VALID_MOVE = 1, DOUBLEJUMP = 2000 };
enum class eMouseButton { LEFT, RIGHT, MIDDLE };

class WindowsGUI {
public:
    void SetComputerColor(eColor) {}
    template <class M> void DoGameMove(const M &) {}
    void ThinkingMenuActive(bool) {}
    void ShowErrorPopup(const char *text) { fprintf(stderr, "%s\n", text); }
};
