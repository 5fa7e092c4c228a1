"""Two terminal clients in pseudo-terminals against a real server on 127.0.0.1 (a free port):
they play a whole game (one with braille labels and terse verbosity, reviewing their hand);
one is killed mid-game, a computer plays its seat meanwhile, and the
same ``doomlings join`` typed again comes back to the seat (its key was kept), hears one
summary, finds what it missed in ``log``, and finishes the game."""

from __future__ import annotations

import re
import signal
import subprocess
import time
from pathlib import Path

import pexpect
from programs import DOOMLINGS, isolated_env

QUESTION = r"Choose 1 to \d+, or \? for help: "
LEAVE = r"press Enter to leave"


def stop(server: subprocess.Popen[str]) -> None:
    """Stop the server as Ctrl-C does (killed if it has not stopped within 10 s)."""
    server.send_signal(signal.SIGINT)
    try:
        server.wait(10)
    except subprocess.TimeoutExpired:
        server.kill()


class Terminal:
    """A client at a pseudo-terminal, answering 1 to every question; all it showed is kept."""

    def __init__(self, args: list[str], home: Path) -> None:
        env = isolated_env(home)
        env.update(TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
        self.child = pexpect.spawn(DOOMLINGS[0], [*DOOMLINGS[1:], *args, "--speech", "off"], env=env,
                                   encoding="utf-8", codec_errors="replace", timeout=20, dimensions=(24, 80))
        self.shown = ""
        self.answers = 0
        self.over = False

    def step(self) -> None:
        """Read what came; answer a question asked."""
        which = self.child.expect([QUESTION, LEAVE, pexpect.TIMEOUT], timeout=0.1)
        self.shown += self.child.before + (self.child.after if which < 2 else "")
        if which == 0:
            self.child.sendline("1")
            self.answers += 1
        elif which == 1:
            self.over = True

    def until(self, pattern: str, *others: Terminal, seconds: float = 30.0) -> re.Match[str]:
        """Play on (this terminal and ``others``) until this one has shown ``pattern`` (lines
        wrap at 80 columns: it is looked for in the words shown, one space between each)."""
        deadline = time.monotonic() + seconds
        while not (found := re.search(pattern, " ".join(self.shown.split()))):
            assert time.monotonic() < deadline, f"not shown: {pattern}\n{self.shown[-2000:]}"
            for terminal in (self, *others):
                terminal.step()
        return found


def test_two_terminal_clients_play_a_game_and_one_killed_comes_back(tmp_path: Path) -> None:
    server = subprocess.Popen([*DOOMLINGS, "serve", "--port", "0", "--grace", "0.5"], stdout=subprocess.PIPE,
                              text=True, env=isolated_env(tmp_path / "server"))
    try:
        assert server.stdout is not None
        port = re.search(r"127\.0\.0\.1:(\d+)/", server.stdout.readline())
        assert port, "the server says where it listens"
        address = f"127.0.0.1:{port.group(1)}"
        ana = Terminal(["host", "--server", address, "--name", "Ana"], tmp_path / "ana")
        code = ana.until(rf"doomlings join {re.escape(address)} (\w{{6}}) --name NAME").group(1)
        join_ben = ["join", address, code, "--name", "Ben", "--labels", "braille"]
        ben = Terminal(join_ben, tmp_path / "ben")
        ben.until("You joined room")
        ana.until("Ben joins the table.")
        ana.child.sendline("start")
        ana.until("New game: Ana and Ben.")
        ben.until("New game: Ana and Ben.")
        ben.child.sendline("hand")  # a review, answered by the server in the labels Ben chose
        ben.until("Your hand, .{0,200}?[\u2800-\u28ff]", ana)
        ben.child.sendline("verbosity terse")
        ben.until("Verbosity terse, labels braille", ana)
        while ben.answers < 4:
            ana.step()
            ben.step()
        assert not ana.over and not ben.over
        ben.child.kill(signal.SIGKILL)
        ben.child.close(force=True)
        ana.until("Ben is away.")
        ana.until("Ben is away; a computer player plays for Ben until they are back.")
        played = ana.answers
        while ana.answers < played + 3:
            ana.step()
        assert not ana.over, "over before Ben came back"
        heard = ben.shown
        ben = Terminal(join_ben, tmp_path / "ben")  # the same command: the kept key finds the seat
        # Ana does not answer while Ben's client starts: with the computer playing his seat at
        # once, her answers alone could have finished the game before he was back.
        summary = ben.until(r"You are back\. While you were away, \d+ messages? went into your history:"
                            r"[^.]+\. The computer played (\d+) moves? for you\.")
        assert "The game is over." not in " ".join(ben.shown.split())
        assert int(summary.group(1)) >= 1
        ana.until("Ben is back.", ben)
        assert "New game: Ana and Ben." not in ben.shown  # what was missed went into the history, unspoken
        ben.child.sendline("log 50")
        ben.until("New game: Ana and Ben.", ana)  # ... and is there to hear
        assert heard  # (Ben heard the start before he was killed)
        while not (ana.over and ben.over):
            ana.step()
            ben.step()
        for terminal in (ana, ben):
            said = " ".join(terminal.shown.split())  # (lines wrap at 80 columns)
            assert "Placings: " in said and "Game over." in said
            terminal.child.sendline("")
            terminal.child.expect(pexpect.EOF)
            terminal.child.close()
            assert terminal.child.exitstatus == 0
        assert ben.answers >= 1  # Ben played his own seat again after coming back
    finally:
        stop(server)


def test_a_doomcrop_room_is_hosted_and_joined_at_two_terminals_with_its_own_reviews(tmp_path: Path) -> None:
    server = subprocess.Popen([*DOOMLINGS, "serve", "--port", "0"], stdout=subprocess.PIPE, text=True,
                              env=isolated_env(tmp_path / "server"))
    try:
        assert server.stdout is not None
        port = re.search(r"127\.0\.0\.1:(\d+)/", server.stdout.readline())
        assert port, "the server says where it listens"
        address = f"127.0.0.1:{port.group(1)}"
        ana = Terminal(["host", "--server", address, "--name", "Ana", "--game", "doomcrop"], tmp_path / "ana")
        ana.until("Room \\w{6} is open for Doomcrop")
        code = ana.until(rf"doomlings join {re.escape(address)} (\w{{6}}) --name NAME").group(1)
        ben = Terminal(["join", address, code, "--name", "Ben"], tmp_path / "ben")
        ben.until("for Doomcrop. The host starts the game.")
        ana.until("Ben joins the table.")
        ana.child.sendline("game")
        ana.until("This table plays Doomcrop. Type game and another game's name to play it instead.")
        ana.child.sendline("game doomlings")  # the host changes the table's game in the lobby ...
        ben.until("Ana chose Doomlings: this table plays Doomlings now.", ana)
        ana.child.sendline("house")
        ana.until("catastrophe-ends-round, off")  # ... and its rules are the new game's
        ana.child.sendline("game doomcrop")
        ben.until("Ana chose Doomcrop: this table plays Doomcrop now.", ana)
        ana.child.sendline("house")
        ana.until("epic-techniques, off")  # Doomcrop's rules, as the server offers them
        ana.child.sendline("start")
        ben.until("Which of your 10 cards starts your Discard pile?", ana)
        ben.child.sendline("d")  # Doomcrop's "discards", where Doomlings' d is its deck
        ben.until("Your Discard pile: 0 cards.", ana)
        ben.child.sendline("g")
        ben.until("Your grid:", ana)
        while ben.answers < 6:  # (a whole game at a terminal is Doomlings' test; Doomcrop's ends over WebSocket)
            ana.step()
            ben.step()
        ana.until("Ben sets a card aside for their Discard pile.", ben)  # (which card is Ben's to know)
        ana.until("Your grid, place 8 of 9: back middle.", ben)
        for terminal in (ana, ben):
            terminal.child.close(force=True)
    finally:
        stop(server)
