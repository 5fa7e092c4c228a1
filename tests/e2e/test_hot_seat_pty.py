"""Two people at one keyboard, through a real pseudo-terminal: between "Pass to Ben" and
Ben's Enter nothing of either private hand is printed, and after it ``hand`` and ``log`` show
Ben's cards only, as the saved game (written after every action) proves. In a real terminal
(tmux) the screen and its scrollback hold nothing but the hand-over line while it waits."""

from __future__ import annotations

import re
import shlex
import time
from pathlib import Path

import pexpect
from test_terminal import Tmux, child_env, finish, game_command, wait_until

from doomlings_access.rules import events as ev
from doomlings_access.saves import read_save

PROMPT = r"Choose 1 to \d+, or \? for help: "
MORE = r"Press Enter for more\. "
ARGS = ["play", "--players", "3", "--humans", "2", "--names", "Ana,Ben", "--level", "easy", "--speech", "off"]
PASS = r"Pass to (Ana|Ben)\. Press Enter when (Ana|Ben) is ready\.\r\n"
HAND_LINE = re.compile(r"^(?:\d+\. )?([^,.]+?), [a-z]*[a-zX\d-]+$")
"""A card of a hand (unnumbered) or an option (numbered): "Tiny, db17"."""
SEATS = {"Ana": 0, "Ben": 1}


def until_question(child: pexpect.spawn) -> str:
    """What is printed up to the next question, pressing Enter at each pause on the way."""
    shown = ""
    while child.expect([PROMPT, MORE]) == 1:
        shown += child.before
        child.sendline("")
    return (shown + child.before).replace("\r\n", "\n")


def names_in_hand(game, seat: int) -> set[str]:  # type: ignore[no-untyped-def]
    return {game.defs[c].name for c in game.seats[seat].hand}


def test_a_hand_over_shows_nothing_private_and_then_only_the_new_holders_cards(tmp_path: Path) -> None:
    command = game_command()
    args = [*command[1:], *ARGS, "--seed", "4", "--plain"]
    child = pexpect.spawn(command[0], args, env=child_env(tmp_path), dimensions=(24, 80), encoding="utf-8",
                          codec_errors="replace", timeout=20, cwd=str(tmp_path))
    saves = tmp_path / "data" / "saves"
    hand_overs = checked_logs = 0
    while True:
        which = child.expect([PROMPT, PASS, r"Game over\.", MORE])
        if which == 2:
            break
        if which in (0, 3):
            child.sendline("1" if which == 0 else "")
            continue
        who = child.match.group(1)
        before_hand_over = child.before
        hand_overs += 1
        # Waiting for Enter: nothing more is printed, private or not.
        try:
            extra = child.read_nonblocking(size=4096, timeout=0.3)
        except pexpect.TIMEOUT:
            extra = ""
        assert extra.strip() == "", f"printed before {who}'s Enter: {extra!r}"
        child.sendline("")
        shown = until_question(child)
        # Plain mode cannot clear the screen: said once, before the first hand-over, to all
        # (after the second person's Enter it came too late: the first hand was above).
        assert ("Plain mode cannot clear the screen" in before_hand_over) is (hand_overs == 1), (hand_overs, before_hand_over)
        assert "Plain mode cannot clear the screen" not in shown
        [save] = [p for p in saves.glob("*.json")]
        game = read_save(save).game
        mine = names_in_hand(game, SEATS[who])
        head = re.search(rf"\b{who}, your hand, (\d+) cards?: (.+?\.)(?: [A-Z]|$)", " ".join(shown.split()))
        if head:  # one sentence: "Ana, your hand, 2 cards: Kidney, rX; Clever, p1."
            items = head.group(2).rstrip(".").split("; ")
            assert len(items) == int(head.group(1)), head.group(0)
            listed = {m.group(1) for item in items if (m := HAND_LINE.match(item))}
        else:  # a question on the hand (a play, or a card to show): its options (and the cards
            # not playable now) are the hand, not read twice
            options = [line for line in shown.splitlines() if re.match(r"^\d+\. ", line)]
            listed = {m.group(1) for line in options if (m := HAND_LINE.match(line))}
            held = re.search(r"Not playable now: ([^.]+)\.", " ".join(shown.split()))
            if held:
                for clause in held.group(1).split("; "):  # "A, B and C, their colour is locked..."
                    listed |= {name.strip() for name in re.split(r", | and ", clause.rsplit(", ", 1)[0])}
        assert listed == mine, (who, listed, mine, shown)
        # Their log: every card they are told they drew is a card they drew.
        child.sendline("log 60")
        said = " ".join(until_question(child).split())
        drawn = {game.defs[c].name for e in game.log if isinstance(e, ev.Drew) and e.player == SEATS[who]
                 for c in e.cards}
        for listed_draw in re.findall(r"[Yy]ou (?:draw|are dealt) ((?:[A-Z][^,.;]*)(?:, [^,.;]+)*(?: and [^,.;]+)?)[,.;]", said):
            for name in re.split(r", | and ", listed_draw):
                if not re.fullmatch(r"\d+ (cards?|in hand)", name):
                    assert name in drawn, (who, name)
        checked_logs += 1
        child.sendline("1")
    while child.expect([MORE, pexpect.EOF]) == 0:  # the final scores, a dozen lines at a time
        child.sendline("")
    assert finish(child) == 0
    assert hand_overs >= 4 and checked_logs == hand_overs


def test_in_a_terminal_a_hand_over_leaves_nothing_on_screen_or_in_scrollback(tmp_path: Path, tmux: Tmux) -> None:
    game = " ".join(shlex.quote(part) for part in [*game_command(), *ARGS, "--seed", "4"])
    tmux.run("new-session", "-d", "-s", tmux.target, "-x", "80", "-y", "24", f"TERM=xterm-256color {game}")
    tmux.run("set-option", "-g", "remain-on-exit", "on")
    prompt = re.compile(r"Choose 1 to \d+, or \? for help:")
    hand_over = re.compile(r"Pass to (Ana|Ben)\. Press Enter when \1 is ready\.")
    leaving = re.compile(r"(Ana|Ben), press Enter to pass the keyboard\.")
    seen = answered = ended = 0
    deadline = time.monotonic() + 90
    while seen < 4:
        assert time.monotonic() < deadline and not tmux.dead(), "no more hand-overs"
        last = tmux.last_line()
        if hand_over.fullmatch(last):
            everything = tmux.run("capture-pane", "-p", "-J", "-S", "-", "-t", tmux.target)
            kept = [line for line in everything.splitlines() if line.strip()]
            assert kept == [last], f"left on screen or in scrollback: {kept[:-1]!r}"
            seen += 1
            tmux.run("send-keys", "-t", tmux.target, "Enter")
            wait_until(lambda said=last: tmux.last_line() != said or tmux.dead(), "the hand-over to end")
        elif leaving.fullmatch(last):
            # The person leaving reads what was just told them (their own draw) before the
            # screen is cleared: it is on screen above this line.
            on_screen = [line for line in tmux.run("capture-pane", "-p", "-J", "-t", tmux.target).splitlines()
                         if line.strip()]
            assert len(on_screen) > 1 and not hand_over.fullmatch(on_screen[-2]), on_screen
            ended += 1
            tmux.run("send-keys", "-t", tmux.target, "Enter")
            wait_until(lambda said=last: tmux.last_line() != said or tmux.dead(), "the turn to end")
        elif last.endswith("Press Enter for more."):
            # (the next pause may follow at once, its last line the same: the screen moves on)
            screen = tmux.screen()
            tmux.run("send-keys", "-t", tmux.target, "Enter")
            wait_until(lambda seen=screen: tmux.screen() != seen or tmux.dead(), "the pause to end")
        elif prompt.fullmatch(last) and answered < 200:
            answered += 1
            tmux.run("send-keys", "-t", tmux.target, "-l", "1")
            wait_until(lambda: tmux.last_line().endswith(": 1") or tmux.dead(), "the echo of 1")
            tmux.run("send-keys", "-t", tmux.target, "Enter")
            wait_until(lambda: not tmux.last_line().endswith(": 1") or tmux.dead(), "the answer")
        else:
            time.sleep(0.03)
    assert ended >= 2, "the person leaving had no chance to read their news"


UP = "\x1b[A"


def test_each_person_has_their_own_input_history(tmp_path: Path) -> None:
    """One input history for the whole program: at Ben's question the Up arrow recalled what
    Ana typed ("card Symbiosis", a card in her hand). Through a real pseudo-terminal with the
    prompt_toolkit prompt: Up recalls only what the person at the keyboard typed."""
    command = game_command()
    args = [*command[1:], *ARGS, "--seed", "4"]
    child = pexpect.spawn(command[0], args, env=child_env(tmp_path, PROMPT_TOOLKIT_NO_CPR="1"), dimensions=(24, 80),
                          encoding="utf-8", codec_errors="replace", timeout=20, cwd=str(tmp_path))
    child.delaybeforesend = 0.05

    def typed(keys: str) -> str:
        """Type ``keys`` and Enter; what the line shows once entered (prompt_toolkit draws the
        prompt again with the answer: read past it, or it is taken for the next prompt)."""
        child.send(keys + "\r")
        child.expect("\r\n")
        return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", str(child.before))

    looked_up = {"Ana": "tiny", "Ben": "fangs"}
    label = {"Ana": "Tiny, label db17.", "Ben": "Fangs, label r1."}
    asked = {"Ana": 0, "Ben": 0}
    holder = ""
    checked = 0
    while checked < 4:
        which = child.expect([r"Choose 1 to \d+, or \? for help:", PASS, r"(Ana|Ben), press Enter to pass the keyboard\.",
                              r"Press Enter (for more|to go on|to play it)\.", r"Game over\."])
        assert which != 4, "the game ended before each had been asked twice"
        if which == 1:
            holder = child.match.group(1)
        if which != 0:
            typed("")
            continue
        asked[holder] += 1
        other = "Ben" if holder == "Ana" else "Ana"
        if asked[holder] == 1:  # Up recalls nothing of the other's: an empty line
            assert not typed(UP).rstrip().endswith(looked_up[other])
            child.expect(r"Nothing typed\. Choose 1 to \d+, or \? for help\.")
            child.expect(r"Choose 1 to \d+, or \? for help:")
            typed(f"card {looked_up[holder]}")
            child.expect_exact(label[holder])
            child.expect(r"Choose 1 to \d+, or \? for help:")
            checked += 1
        elif asked[holder] == 2:  # Up twice: the answer typed last, then the card looked up: theirs
            assert typed(UP + UP).rstrip().endswith(f"card {looked_up[holder]}")
            child.expect_exact(label[holder])
            assert label[other] not in child.before
            child.expect(r"Choose 1 to \d+, or \? for help:")
            checked += 1
        typed("1")
    typed("q")
    child.expect_exact("Quit the game? Type y to quit, n to go on:")
    typed("y")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_quitting_a_hot_seat_game_leaves_no_hand_on_screen(tmp_path: Path, tmux: Tmux) -> None:
    """Quitting left the last person's hand on the screen, and "doomlings resume" was printed
    beneath it: the screen and its scrollback are cleared first."""
    game = " ".join(shlex.quote(part) for part in [*game_command(), *ARGS, "--seed", "4"])
    tmux.run("new-session", "-d", "-s", tmux.target, "-x", "80", "-y", "24", f"TERM=xterm-256color {game}")
    tmux.run("set-option", "-g", "remain-on-exit", "on")
    prompt = re.compile(r"Choose 1 to \d+, or \? for help:")
    deadline = time.monotonic() + 60
    while not prompt.fullmatch(tmux.last_line()):  # Enter at hand-overs and pauses to Ana's first question
        assert time.monotonic() < deadline and not tmux.dead(), tmux.screen()
        last = tmux.last_line()
        if last.endswith(("ready.", "keyboard.", "for more.", "go on.")):
            tmux.run("send-keys", "-t", tmux.target, "Enter")
            wait_until(lambda said=last: tmux.last_line() != said or tmux.dead(), "the hand-over")
        else:
            time.sleep(0.05)
    shown = " ".join(tmux.screen())
    hand = [m.group(1) for m in re.finditer(r"\d+\. ([A-Z][\w' -]+), d?[bcgpr]-?[\dX]", shown)]
    assert hand, shown
    tmux.run("send-keys", "-t", tmux.target, "-l", "quit")
    tmux.run("send-keys", "-t", tmux.target, "Enter")
    wait_until(lambda: tmux.last_line().startswith("Quit the game?"), "the question to quit")
    tmux.run("send-keys", "-t", tmux.target, "-l", "y")
    tmux.run("send-keys", "-t", tmux.target, "Enter")
    wait_until(lambda: tmux.dead() or "doomlings resume" in " ".join(tmux.screen()), "the way to go on")
    everything = tmux.run("capture-pane", "-p", "-J", "-S", "-", "-t", tmux.target)
    assert "You left the game. It is saved; to go on, type:" in everything
    left = [name for name in hand if name in everything]
    assert not left, f"left on screen or in scrollback: {left}"
