/*
 * cbcli: a line protocol on stdin/stdout around a CheckerBoard engine's getmove().
 *
 * Part of draughts-api's bench (bench/engines/build.sh); our code, no engine code. It is
 * compiled together with an engine's own sources, which define the CheckerBoard API
 * functions declared below (getmove, enginecommand), and so works with any engine written
 * for Martin Fierz's CheckerBoard interface. Compiles as C or C++ (CBCLI_CXX: the engine is
 * C++, so its functions have C++ linkage).
 *
 * Board: CheckerBoard's int board[8][8], indexed [x][y], x = column 0..7 from the left,
 * y = row 0..7 from the bottom; black's home rows are y = 0..2, white's y = 5..7; dark squares
 * have x + y even. A board is written as 32 characters, the dark squares in the order
 * (y = 0, x = 0, 2, 4, 6), (y = 1, x = 1, 3, 5, 7), ..., one of 'e' (empty), 'w', 'W', 'b', 'B'
 * (upper case: king).
 *
 * Commands (one a line):
 *   name                       -> "name <the engine's name>"
 *   cmd <text>                 -> "cmd <0|1> <reply>"  (enginecommand(text))
 *   go <ms> <w|b> <board32> [reset] [exact] [hard=<ms>]
 *                              -> "info <status string>" then
 *                                 "move <fx> <fy> <tx> <ty> <jumps> <x1> <y1> ... <result> <board32>"
 *                                 (captured squares as jumps x,y pairs; result: getmove's
 *                                 return value, 0 draw 1 win 2 loss 3 unknown; the board after
 *                                 the move, as the engine returned it)
 *   quit (or end of input)
 * A line that cannot be read is answered "error <text>".
 *
 * <ms> is getmove's maxtime (the engine's own time target); "exact" sets CB_EXACT_TIME (an
 * engine that knows it treats maxtime as a hard limit); "hard=<ms>" starts a watchdog that sets
 * CheckerBoard's *playnow flag at that wall time, the way CheckerBoard's "play now" button
 * interrupts a search: the engine then answers at once with its best move so far. Whatever
 * the engine prints itself (search progress) goes to stderr, so that stdout carries only the
 * answers above.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <pthread.h>
#include <time.h>
#include <unistd.h>

#define CB_WHITE 1
#define CB_BLACK 2
#define CB_MAN 4
#define CB_KING 8
#define CB_RESET_MOVES 1
#define CB_EXACT_TIME 2

struct coor {
    int x;
    int y;
};

struct CBmove {
    int jumps;
    int newpiece;
    int oldpiece;
    struct coor from;
    struct coor to;
    struct coor path[12];
    struct coor del[12];
    int delpiece[12];
};

#if defined(__cplusplus) && !defined(CBCLI_CXX)
extern "C" {
#endif
int getmove(int board[8][8], int color, double maxtime, char str[1024], int *playnow, int info, int moreinfo,
            struct CBmove *move);
int enginecommand(char command[256], char reply[1024]);
#if defined(__cplusplus) && !defined(CBCLI_CXX)
}
#endif

static int dark_x(int i) { return 2 * (i % 4) + ((i / 4) % 2); }
static int dark_y(int i) { return i / 4; }

static int piece_of(char c) {
    switch (c) {
    case 'w': return CB_WHITE | CB_MAN;
    case 'W': return CB_WHITE | CB_KING;
    case 'b': return CB_BLACK | CB_MAN;
    case 'B': return CB_BLACK | CB_KING;
    case 'e': return 0;
    default: return -1;
    }
}

static char char_of(int p) {
    if (p == (CB_WHITE | CB_MAN)) return 'w';
    if (p == (CB_WHITE | CB_KING)) return 'W';
    if (p == (CB_BLACK | CB_MAN)) return 'b';
    if (p == (CB_BLACK | CB_KING)) return 'B';
    return 'e';
}

/* The "play now" watchdog. */
static volatile int playnow;
static pthread_mutex_t wd_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t wd_cond = PTHREAD_COND_INITIALIZER;
static int wd_done;
static struct timespec wd_deadline;

static void *watchdog(void *arg) {
    (void)arg;
    pthread_mutex_lock(&wd_lock);
    while (!wd_done) {
        if (pthread_cond_timedwait(&wd_cond, &wd_lock, &wd_deadline) == ETIMEDOUT) {
            playnow = 1;
            break;
        }
    }
    pthread_mutex_unlock(&wd_lock);
    return NULL;
}

/* The engine's own printing goes to stderr while it runs, so that stdout carries only ours. */
static int quiet_begin(void) {
    fflush(stdout);
    int saved = dup(1);
    dup2(2, 1);
    return saved;
}

static void quiet_end(int saved) {
    fflush(stdout);
    dup2(saved, 1);
    close(saved);
}

int main(void) {
    static char line[4096];
    setvbuf(stdout, NULL, _IOLBF, 0);
    while (fgets(line, sizeof line, stdin)) {
        char word[64] = "";
        sscanf(line, "%63s", word);
        if (strcmp(word, "quit") == 0) break;
        if (strcmp(word, "name") == 0) {
            char cmd[256] = "name", reply[1024] = "";
            int saved = quiet_begin();
            enginecommand(cmd, reply);
            quiet_end(saved);
            printf("name %s\n", reply);
        } else if (strcmp(word, "cmd") == 0) {
            char cmd[256] = "", reply[1024] = "";
            const char *rest = line + 3;
            while (*rest == ' ') rest++;
            snprintf(cmd, sizeof cmd, "%s", rest);
            cmd[strcspn(cmd, "\r\n")] = 0;
            int saved = quiet_begin();
            int ok = enginecommand(cmd, reply);
            quiet_end(saved);
            reply[strcspn(reply, "\r\n")] = 0;
            printf("cmd %d %s\n", ok, reply);
        } else if (strcmp(word, "go") == 0) {
            int ms = 0, n = 0, hard = 0;
            char colour[8] = "", squares[64] = "", opts[3][32] = {"", "", ""};
            n = sscanf(line, "go %d %7s %63s %31s %31s %31s", &ms, colour, squares, opts[0], opts[1], opts[2]);
            if (n < 3 || strlen(squares) != 32 || (colour[0] != 'w' && colour[0] != 'b')) {
                printf("error bad go line\n");
                continue;
            }
            int board[8][8];
            memset(board, 0, sizeof board);
            int bad = 0;
            for (int i = 0; i < 32; i++) {
                int p = piece_of(squares[i]);
                if (p < 0) bad = 1;
                else board[dark_x(i)][dark_y(i)] = p;
            }
            if (bad) {
                printf("error bad board\n");
                continue;
            }
            int info = 0;
            for (int k = 0; k < 3; k++) {
                if (!strcmp(opts[k], "reset")) info |= CB_RESET_MOVES;
                if (!strcmp(opts[k], "exact")) info |= CB_EXACT_TIME;
                if (!strncmp(opts[k], "hard=", 5)) hard = atoi(opts[k] + 5);
            }
            char str[1024] = "";
            struct CBmove mv;
            memset(&mv, 0, sizeof mv);
            pthread_t wd;
            playnow = 0;
            if (hard > 0) {
                clock_gettime(CLOCK_REALTIME, &wd_deadline);
                wd_deadline.tv_sec += hard / 1000;
                wd_deadline.tv_nsec += (long)(hard % 1000) * 1000000L;
                if (wd_deadline.tv_nsec >= 1000000000L) {
                    wd_deadline.tv_sec++;
                    wd_deadline.tv_nsec -= 1000000000L;
                }
                wd_done = 0;
                pthread_create(&wd, NULL, watchdog, NULL);
            }
            int saved = quiet_begin();
            int result = getmove(board, colour[0] == 'w' ? CB_WHITE : CB_BLACK, ms / 1000.0, str, (int *)&playnow,
                                 info, 0, &mv);
            quiet_end(saved);
            if (hard > 0) {
                pthread_mutex_lock(&wd_lock);
                wd_done = 1;
                pthread_cond_signal(&wd_cond);
                pthread_mutex_unlock(&wd_lock);
                pthread_join(wd, NULL);
            }
            str[sizeof str - 1] = 0;
            for (char *s = str; *s; s++)
                if (*s == '\n' || *s == '\r') *s = ' ';
            printf("info %s\n", str);
            printf("move %d %d %d %d %d", mv.from.x, mv.from.y, mv.to.x, mv.to.y, mv.jumps);
            for (int j = 0; j < mv.jumps && j < 12; j++) printf(" %d %d", mv.del[j].x, mv.del[j].y);
            printf(" %d ", result);
            for (int i = 0; i < 32; i++) putchar(char_of(board[dark_x(i)][dark_y(i)]));
            printf("\n");
        } else if (word[0]) {
            printf("error unknown command %s\n", word);
        }
    }
    return 0;
}
