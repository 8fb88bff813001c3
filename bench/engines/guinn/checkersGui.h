/* Replaces GuiNN Checkers' checkersGui.h when its engine is built as a command-line
 * CheckerBoard engine (no GUI). Our code. */
#pragma once
#include <string>
#include "guiWindows.h"

class CheckersGUI : public WindowsGUI {
public:
    void get_eval_string(const Board &, std::string &evalstr) { evalstr = "?"; }
};

extern CheckersGUI GUI;
