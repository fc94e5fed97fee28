"""The apps' "Join a class" part: a student joins from an app's Settings, and every game finished there is sent.

Each game app (:class:`furlib.core.app.widgets.GameApp`) holds one
:class:`JoinPart`: its :attr:`~JoinPart.box` (server, class code, nickname
and a Join button, with a line saying what happened) sits in the app's
settings panel, and its :attr:`~JoinPart.line` ("Sent to class 4KQ7: 12
games so far (3 from you).") beside Play again. The app calls
:meth:`JoinPart.seen` after every redraw; a finished game is sent once, in a
background thread, so a slow or failing server never holds up play: the
line says what went wrong, and a game the server did not answer for is sent
again after the next one (the server counts a game once).

Everything is plain Python: ``join_button.click()`` joins at once, and
:meth:`JoinPart.wait` waits for the games being sent (for tests).
"""

from __future__ import annotations

import hashlib
import html
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import wait as wait_all
from typing import Any

import ipywidgets as widgets

from ..core.errors import cut_message
from ..core.words import plural
from .client import Refused, Student, Unreachable

#: Seconds a join or a sending waits for the server (a classroom network answers in milliseconds).
TIMEOUT = 5.0
#: The most games kept to send again after the server did not answer (the oldest are dropped past it).
MAX_WAITING = 20
_FIELD = {"layout": widgets.Layout(width="100%", max_width="420px"), "style": {"description_width": "6.5em"}}


def _say(text: str, *, bad: bool = False) -> str:
    colour = "var(--jp-error-color1, #c62828)" if bad else "var(--jp-ui-font-color1, inherit)"
    return f'<div class="furlib-class-line" style="color: {colour}">{html.escape(text)}</div>'


class JoinPart:
    """The "Join a class" part of one app; ``app`` is the app (its ``game`` is read, never changed)."""

    def __init__(self, app: Any = None, *, timeout: float = TIMEOUT):
        self.app, self.timeout = app, timeout
        self.server = widgets.Text(description="Server", placeholder="http://10.0.0.5:8765", **_FIELD)
        self.code = widgets.Text(description="Class code", placeholder="4KQ7", **_FIELD)
        self.nickname = widgets.Text(description="Nickname", placeholder="a nickname, not your name", **_FIELD)
        self.join_button = widgets.Button(description="Join", icon="users", tooltip="Join the class: every game you "
                                          "finish in this app is then sent to it", layout=widgets.Layout(width="auto"))
        self.join_button.add_class("furlib-join")
        self.join_button.on_click(lambda _: self._toggle())
        self.feedback = widgets.HTML()
        self.feedback.add_class("furlib-join-feedback")
        self.line = widgets.HTML()
        self.line.add_class("furlib-class-sent")
        self.heading = widgets.HTML("<b>Join a class</b> (your teacher gives the server and the code)")
        self.box = widgets.VBox([self.heading, self.server, self.code, self.nickname, self.join_button, self.feedback],
                                layout=widgets.Layout(max_width="100%", margin="8px 0 0"))
        self.box.add_class("furlib-join-class")
        self.student: Student | None = None
        self._sent: set[str] = set()              # hashes of the saves sent (or being sent) to this class
        self._waiting: list[tuple[str, Any]] = []  # games the server did not answer for: sent again later
        self._lock = threading.Lock()
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="furlib-class")
        self._futures: list[Future[None]] = []

    # ------------------------------------------------------------ joining
    def _toggle(self) -> None:
        if self.student is not None:
            code, self.student = self.student.code, None
            self.join_button.description = "Join"
            self.feedback.value = _say(f"You left class {code}: games are no longer sent.")
            self.line.value = ""
            return
        try:
            student = Student(self.server.value.strip(), self.code.value.strip(), self.nickname.value,
                              timeout=self.timeout)
        except (Refused, Unreachable, ValueError) as e:
            self.feedback.value = _say(f"Not joined: {cut_message(e, 300)}", bad=True)
            return
        with self._lock:
            self.student, self._sent, self._waiting = student, set(), []
        self.join_button.description = "Leave the class"
        said = (f"You joined class {student.code} as {student.nickname}: every game you finish in this app is sent "
                f"to it.")
        differs = self._difference(student)
        self.feedback.value = _say(said) + (_say(differs, bad=True) if differs else "")
        self.line.value = _say(f"In class {student.code}: your games are sent when they end.")

    def _difference(self, student: Student) -> str:
        """Why this app's games would be refused by the class (another game, other rules), or ""."""
        game = getattr(self.app, "game", None)
        if game is None:
            return ""
        name = type(game).__name__
        if student.game != name:
            what = "counts made with real dice" if student.game == "count" else f"the game {student.game}"
            return f"Note: this class collects {what}, not {name}: games from this app will be refused."
        rules = {k: v for k, v in game.params.items() if k != "players"}
        import json

        rules = json.loads(json.dumps(rules))
        differ = sorted(k for k in set(rules) | set(student.rules) if rules.get(k) != student.rules.get(k))
        if differ or len(game.players) != student.players:
            what = (f"{differ[0]} {student.rules.get(differ[0])!r}" if differ
                    else plural(student.players, "player"))
            return (f"Note: this class plays with {what}; change the settings to the class's rules and start a New "
                    "game, or your games will be refused.")
        return ""

    # ------------------------------------------------------------ sending
    def seen(self, game: Any) -> None:
        """The app redrew: send ``game`` if it is finished and not sent yet (never raises)."""
        try:
            student = self.student
            if student is None or not getattr(game, "is_over", False):
                return
            text = game.to_json()
            key = hashlib.sha256(text.encode()).hexdigest()
            with self._lock:
                if key in self._sent:
                    return
                self._sent.add(key)
                todo = [*self._waiting, (key, game)]
                self._waiting = []
            self._futures = [f for f in self._futures if not f.done()]
            self._futures.append(self._pool.submit(self._send, student, todo))
        except Exception as e:  # noqa: BLE001 - a class must never break play: said in the line instead
            self.line.value = _say(f"Not sent: {type(e).__name__}: {cut_message(e, 200)}", bad=True)

    def _send(self, student: Student, todo: list[tuple[str, Any]]) -> None:
        """Send games in order (in the background thread); the line says how it went."""
        for i, (_key, game) in enumerate(todo):
            try:
                receipt = student.submit(game)
            except Unreachable as e:
                self._later(student, todo[i:])
                self.line.value = _say(f"Not sent to class {student.code}: {cut_message(e, 200)} Play on: it is sent "
                                       "again after your next game.", bad=True)
                return
            except Refused as e:
                if e.status == 429 or e.status >= 500:
                    self._later(student, todo[i:])
                    self.line.value = _say(f"Not sent to class {student.code} yet: {cut_message(e, 200)} It is sent "
                                           "again after your next game.", bad=True)
                    return
                self.line.value = _say(f"Not counted in class {student.code}: {cut_message(e, 300)}", bad=True)
                continue
            except Exception as e:  # noqa: BLE001 - said in the line, never raised into the app
                self.line.value = _say(f"Not sent: {type(e).__name__}: {cut_message(e, 200)}", bad=True)
                continue
            if student is self.student:
                self.line.value = _say(str(receipt))

    def _later(self, student: Student, games: list[tuple[str, Any]]) -> None:
        with self._lock:
            if student is self.student:
                self._waiting = (self._waiting + games)[-MAX_WAITING:]

    def wait(self, timeout: float | None = None) -> None:
        """Wait until the games being sent have been answered (or ``timeout`` seconds)."""
        wait_all(list(self._futures), timeout=timeout)
