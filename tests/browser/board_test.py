#!/usr/bin/env python3
"""The web board in a real browser: headless Chromium under chromedriver,
spoken to in the W3C WebDriver protocol with the standard library alone (so
no pip package is needed).

It starts `variant serve GAME --port 0` and chromedriver, opens the page,
picks the game, plays a legal move by clicking its piece then its target,
makes an illegal click and sees the position unchanged, saves a screenshot,
then loads a four-player position where a mated player must pass and
presses the page's pass button, and in crazyhouse takes a pawn by clicks
(it joins the captor's hand), picks it in the hand and drops it on a cell. Every wait polls against a deadline; the server and chromedriver
(with the browser it started) are stopped on every exit, a signal included.

    python3 tests/browser/board_test.py [--bin target/release/variant]
        [--out target/browser/board.png]
"""

import argparse
import base64
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

# The W3C key of an element reference.
ELEMENT = "element-6066-11e4-a52e-4f735466cecf"
# Black to move mates with d8h4.
FOOLS_MATE = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2"
DEADLINE = 15.0  # seconds for any one wait
CHECKS = {"passed": 0, "failed": 0}


class Failure(Exception):
    pass


def check(ok, what):
    if ok:
        CHECKS["passed"] += 1
        print("ok   " + what, flush=True)
    else:
        CHECKS["failed"] += 1
        raise Failure(what)


def wait_for(what, probe, deadline=DEADLINE):
    """Polls `probe` until it returns something true; its last value."""
    end = time.monotonic() + deadline
    last_error = None
    while time.monotonic() < end:
        try:
            value = probe()
            if value:
                return value
        except (WebDriverError, OSError) as e:
            last_error = e
        time.sleep(0.1)
    raise Failure(f"timed out after {deadline:.0f} s waiting for {what}"
                  + (f" ({last_error})" if last_error else ""))


def free_port():
    # chromedriver takes a port, not 0; the race with another process taking
    # it before chromedriver does is accepted (the start is then retried).
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class WebDriverError(Exception):
    def __init__(self, error, message):
        super().__init__(f"{error}: {message}")
        self.error = error


class Driver:
    """The few WebDriver commands the test needs."""

    def __init__(self, port):
        self.base = f"http://127.0.0.1:{port}"
        self.session = None

    def call(self, method, path, body=None, timeout=30):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.base + path, data=data, method=method,
            headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as reply:
                payload = json.loads(reply.read() or b"{}")
        except urllib.error.HTTPError as e:
            payload = json.loads(e.read() or b"{}")
        value = payload.get("value")
        if isinstance(value, dict) and "error" in value:
            raise WebDriverError(value["error"], value.get("message", ""))
        return value

    def s(self, method, path, body=None):
        return self.call(method, f"/session/{self.session}{path}", body)

    def start(self):
        options = {
            "binary": "/usr/bin/chromium",
            # --no-sandbox: the tests may run as root (CI does).
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                     "--disable-dev-shm-usage", "--window-size=1200,900"],
        }
        caps = {"capabilities": {"alwaysMatch": {
            "browserName": "chrome", "goog:chromeOptions": options}}}
        value = self.call("POST", "/session", caps, timeout=60)
        self.session = value["sessionId"]

    def quit(self):
        if self.session:
            try:
                self.call("DELETE", f"/session/{self.session}", timeout=10)
            except (WebDriverError, OSError):
                pass
            self.session = None

    def find(self, css):
        value = self.s("POST", "/elements", {"using": "css selector", "value": css})
        return [next(iter(e.values())) for e in value]

    def one(self, css):
        found = wait_for(css, lambda: self.find(css))
        return found[0]

    def text(self, element):
        return self.s("GET", f"/element/{element}/text")

    def prop(self, element, name):
        return self.s("GET", f"/element/{element}/property/{name}")

    def click(self, element):
        try:
            self.s("POST", f"/element/{element}/click", {})
        except WebDriverError as e:
            # An SVG shape under a label may be judged covered: press the
            # pointer at its centre instead, as a person would.
            if e.error not in ("element click intercepted", "element not interactable"):
                raise
            origin = {ELEMENT: element}
            self.s("POST", "/actions", {"actions": [{
                "type": "pointer", "id": "mouse",
                "parameters": {"pointerType": "mouse"},
                "actions": [
                    {"type": "pointerMove", "duration": 0, "origin": origin, "x": 0, "y": 0},
                    {"type": "pointerDown", "button": 0},
                    {"type": "pointerUp", "button": 0}]}]})

    def script(self, source, *args):
        return self.s("POST", "/execute/sync", {"script": source, "args": list(args)})


def stop(process):
    """Ends a process this script started, and its children (it leads its
    own process group)."""
    if process is None or process.poll() is not None:
        return
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=5)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


GAMES = ["dsl-examples/chess.variant", "stdlib/cosmic/square-4p.variant",
         "dsl-examples/fairy/crazyhouse.variant"]
# Blue (a1) is mated by the Rooks and has no move: it must pass.
PASS_POSITION = "white: Kf1 Ra12 Rb12; red: Kl6 Rl12; black: Kg10; blue: Ka1; turn blue"


def start_server(binary):
    server = subprocess.Popen(
        [binary, "serve", *GAMES, "--port", "0"], stdout=subprocess.PIPE,
        stderr=sys.stderr, text=True, start_new_session=True)
    # The first line names the port chosen: `listening on http://ADDRESS/`.
    line = server.stdout.readline().strip()
    if not line.startswith("listening on "):
        raise Failure(f"the server did not start: {line!r}")
    return server, line.removeprefix("listening on ")


def start_chromedriver():
    for _ in range(3):
        port = free_port()
        process = subprocess.Popen(
            ["/usr/bin/chromedriver", f"--port={port}"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True)
        driver = Driver(port)
        try:
            wait_for("chromedriver", lambda: (driver.call("GET", "/status", timeout=2) or {}).get("ready"))
            return process, driver
        except Failure:
            stop(process)
    raise Failure("chromedriver did not start")


def pick(driver, name):
    """Picks a game by its option in the list (which starts a new game)."""
    option = wait_for("the game list", lambda: [
        e for e in driver.find("#game option") if driver.text(e).startswith(name + " (")])[0]
    driver.click(option)
    return option


def board_test(driver, url, out):
    driver.s("POST", "/url", {"url": url})
    # The four-player game first, so that picking Chess changes the game.
    pick(driver, "Cosmic chess for four")
    wait_for("the four-player game", lambda: "white to move" in driver.text(driver.one("#status"))
             and driver.find('#board g.piece[data-player="blue"]'))
    option = pick(driver, "Chess")
    check(driver.prop(option, "selected") is True, "the game is picked")
    status = driver.one("#status")
    wait_for("the start position", lambda: "white to move" in driver.text(status)
             and "20 legal moves" in driver.text(status))
    check(True, "the page shows the start: white to move, 20 legal moves")
    moves = driver.one("#moves")
    position = driver.one("#position")
    start = driver.prop(position, "value")
    check(start.startswith("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"), "the start FEN")

    # A legal move: the e2 pawn, then e4.
    driver.click(driver.one('#board g.piece[data-cell="e2"]'))
    targets = wait_for("e2's targets marked", lambda: sorted(
        driver.script("return [...document.querySelectorAll('#board polygon.cell.target')]"
                      ".map((p) => p.getAttribute('data-cell'));")))
    check(targets == ["e3", "e4"], f"clicking e2 marks its targets {targets}")
    driver.click(driver.one('#board polygon.cell[data-cell="e4"]'))
    wait_for("the move played", lambda: driver.text(moves).strip() == "1. e2e4")
    check("black to move" in driver.text(status), "after e2e4 black is to move")
    after = driver.prop(position, "value")
    check(after.startswith("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b"),
          "the position shows the pawn on e4")
    check(bool(driver.find('#board g.piece[data-cell="e4"]')), "the picture has a piece on e4")

    # An illegal click: the e7 pawn, then e4 (held by White, out of its reach).
    driver.click(driver.one('#board g.piece[data-cell="e7"]'))
    wait_for("e7 selected", lambda: driver.find('#board polygon.cell.selected[data-cell="e7"]'))
    driver.click(driver.one('#board g.piece[data-cell="e4"]'))
    wait_for("the selection dropped", lambda: not driver.find("#board polygon.cell.selected"))
    # Give a wrongly sent move time to come back before judging.
    time.sleep(0.5)
    check(driver.text(moves).strip() == "1. e2e4", "the illegal click plays nothing")
    check(driver.prop(position, "value") == after, "the position is unchanged")
    check("black to move" in driver.text(status), "black is still to move")
    check(driver.text(driver.one("#error")) == "", "no error shown")

    png = base64.b64decode(driver.s("GET", "/screenshot"))
    os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
    with open(out, "wb") as f:
        f.write(png)
    check(png.startswith(b"\x89PNG") and len(png) > 10_000, f"screenshot saved: {out} ({len(png)} bytes)")

    # The engine answers for a seat the computer plays: from a position
    # where Black mates in one (a random mover would rarely find it).
    driver.script("arguments[0].value = arguments[1];", {ELEMENT: position}, FOOLS_MATE)
    driver.click(driver.one("#load"))
    wait_for("the loaded position", lambda: driver.prop(position, "value") == FOOLS_MATE)
    driver.script("arguments[0].value = '200';", {ELEMENT: driver.one("#computer")})
    black_box = driver.find("#seats input")[1]
    driver.click(black_box)
    reply = wait_for("the engine's reply", lambda: driver.text(moves).strip() != "(none)"
                     and driver.text(moves).split())
    check(reply == ["1.", "d8h4"] and "Checkmate" in driver.text(driver.one("#result")),
          f"the engine plays for black and mates: {reply}")
    driver.click(black_box)

    # A forced pass has no cell to click: the page offers a button.
    pick(driver, "Cosmic chess for four")
    wait_for("the four-player start", lambda: driver.text(moves).strip() == "(none)"
             and "white to move" in driver.text(status))
    driver.script("arguments[0].value = arguments[1];", {ELEMENT: position}, PASS_POSITION)
    driver.click(driver.one("#load"))
    button = driver.one("#turn button.turn-move")
    check(driver.prop(button, "dataset")["move"] == "pass" and "blue to move" in driver.text(status),
          "a mated player with no move is offered a pass button")
    driver.click(button)
    wait_for("the pass played", lambda: driver.text(moves).strip() == "1. pass")
    check("white to move" in driver.text(status) and not driver.find("#turn button"),
          "after the pass white is to move and the button is gone")

    crazyhouse_test(driver, moves, status, position)


def hand_count(driver, player, letter):
    """The count the picture shows for a kind in a player's hand (0: none)."""
    found = driver.find(f'#board g.hand-piece[data-player="{player}"][data-letter="{letter}"]')
    if not found:
        return 0
    return int(driver.s("GET", f"/element/{found[0]}/attribute/data-count"))


def marked_targets(driver):
    return sorted(driver.script(
        "return [...document.querySelectorAll('#board polygon.cell.target')]"
        ".map((p) => p.getAttribute('data-cell'));"))


def click_move(driver, moves, source, target, record):
    """Plays a move by clicking its piece and then its target cell."""
    driver.click(driver.one(f'#board g.piece[data-cell="{source}"]'))
    wait_for(f"{source} selected",
             lambda: driver.find(f'#board polygon.cell.selected[data-cell="{source}"]'))
    driver.click(driver.one(f'#board polygon.cell[data-cell="{target}"]'))
    wait_for(f"{record} in the record", lambda: " ".join(driver.text(moves).split()) == record)


def crazyhouse_test(driver, moves, status, position):
    """A capture puts the pawn in the captor's hand; the mover picks it in
    the hand (the cells it may go to marked) and drops it by clicking a
    cell; the other side's hand is not the mover's to pick."""
    pick(driver, "Crazyhouse")
    wait_for("the crazyhouse start", lambda: driver.text(moves).strip() == "(none)"
             and "white to move" in driver.text(status))
    check(bool(driver.find('#board g.hand[data-player="white"]'))
          and bool(driver.find('#board g.hand[data-player="black"]'))
          and not driver.find("#board g.hand-piece"),
          "both hands are shown, empty at the start")
    click_move(driver, moves, "e2", "e4", "1. e2e4")
    click_move(driver, moves, "d7", "d5", "1. e2e4 d7d5")
    click_move(driver, moves, "e4", "d5", "1. e2e4 d7d5 2. e4d5")
    check(hand_count(driver, "white", "P") == 1 and hand_count(driver, "black", "P") == 0,
          "the pawn taken is in white's hand")
    click_move(driver, moves, "d8", "d5", "1. e2e4 d7d5 2. e4d5 d8d5")
    check(hand_count(driver, "white", "P") == 1 and hand_count(driver, "black", "P") == 1,
          "each side holds a pawn")

    # Black's pawn is not White's to drop: clicking it selects nothing.
    driver.click(driver.one('#board g.hand-piece[data-player="black"][data-letter="P"] circle'))
    time.sleep(0.3)
    check(not driver.find("#board g.hand-piece.selected") and not marked_targets(driver),
          "the other side's hand piece is not picked")
    driver.click(driver.one('#board g.hand-piece[data-player="white"][data-letter="P"] circle'))
    wait_for("the hand pawn picked", lambda: driver.find(
        '#board g.hand-piece.selected[data-player="white"][data-letter="P"]'))
    targets = marked_targets(driver)
    # Ranks 2 to 7 (no pawn drops on the first and last), less the 15
    # pieces standing there.
    check(len(targets) == 48 - 15 and "e4" in targets and "d5" not in targets
          and not any(t[1] in "18" for t in targets),
          f"the pawn's drop cells are marked ({len(targets)})")
    driver.click(driver.one('#board polygon.cell[data-cell="e4"]'))
    wait_for("the drop played", lambda: driver.text(moves).split()[-1:] == ["P@e4"])
    check(bool(driver.find('#board g.piece[data-cell="e4"][data-piece="Pawn"][data-player="white"]')),
          "the picture has White's pawn on e4")
    check(hand_count(driver, "white", "P") == 0 and hand_count(driver, "black", "P") == 1
          and driver.find('#board g.hand[data-player="white"] text.hand-empty'),
          "white's hand count fell to none")
    check("black to move" in driver.text(status)
          and driver.prop(position, "value").startswith(
              "rnb1kbnr/ppp1pppp/8/3q4/4P3/8/PPPP1PPP/RNBQKBNR[p] b"),
          "the FEN shows the pawn on e4 and Black's pawn in hand")

    # Picked and clicked again: put back, nothing marked.
    driver.click(driver.one('#board g.hand-piece[data-player="black"][data-letter="P"] circle'))
    wait_for("black's pawn picked", lambda: driver.find("#board g.hand-piece.selected"))
    driver.click(driver.one('#board g.hand-piece[data-player="black"][data-letter="P"] circle'))
    wait_for("the pick put back", lambda: not driver.find("#board g.hand-piece.selected"))
    check(not marked_targets(driver) and driver.text(driver.one("#error")) == "",
          "a second click puts the hand piece back")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default="target/release/variant")
    parser.add_argument("--out", default="target/browser/board.png")
    args = parser.parse_args()

    # `timeout` and Ctrl-C end the script through its `finally`.
    def on_signal(number, _frame):
        print(f"browser test stopped by signal {number}", flush=True)
        raise SystemExit(128 + number)
    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGHUP, on_signal)

    began = time.monotonic()
    server = chromedriver = driver = None
    try:
        server, url = start_server(args.bin)
        chromedriver, driver = start_chromedriver()
        driver.start()
        board_test(driver, url, args.out)
    except (Failure, WebDriverError, OSError) as e:
        CHECKS["failed"] += 1
        print(f"FAIL {e}", flush=True)
        if driver is not None and driver.session:
            try:
                failed = os.path.join(os.path.dirname(args.out) or ".", "failure.png")
                with open(failed, "wb") as f:
                    f.write(base64.b64decode(driver.s("GET", "/screenshot")))
                print(f"the page as it was: {failed}")
            except (WebDriverError, OSError):
                pass
    finally:
        if driver is not None:
            driver.quit()
        stop(chromedriver)
        stop(server)
    print(f"browser test took {time.monotonic() - began:.1f} s")
    print(f"browser: {CHECKS['passed']} passed, {CHECKS['failed']} failed")
    sys.exit(1 if CHECKS["failed"] else 0)


if __name__ == "__main__":
    main()
