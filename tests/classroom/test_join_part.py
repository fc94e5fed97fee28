"""The apps' "Join a class" part, clicked in plain Python against a real class server."""

from __future__ import annotations

from furlib import Furcle
from furlib.core.registry import games, get
from furlib.furcle.bots import BeekinSmart

from .conftest import free_port, start_server, stop_server


def furcle_app(target=30, seed=1):
    """An Oh Furcle! app whose two seats are bots: each game is over as soon as it starts (or Play again)."""
    bot = BeekinSmart()
    return get(Furcle).app_class()(Furcle(["You", "Bot"], target=target, seed=seed), bots={"You": bot, "Bot": bot})


def join(app, url, code, nickname):
    part = app.join
    part.server.value, part.code.value, part.nickname.value = url, code, nickname
    part.join_button.click()
    return part


def text(widget):
    import html
    import re

    return html.unescape(re.sub(r"<[^>]+>", " ", widget.value)).split()


def said(widget):
    return " ".join(text(widget))


def test_every_app_has_the_part_in_its_settings_and_the_line_beside_play_again():
    for info in games(demos=True):
        app = info.app_class()(info.cls(**info.example_kwargs))
        assert app.join.box in app.settings.box.children, info.name
        assert app.join.line in app.again_row.children and app.join.line.value == "", info.name


def test_joining_then_every_finished_game_is_sent(server, teacher):
    code = teacher.open_class("Furcle", {"target": 30, "players": 2})
    app = furcle_app()
    part = join(app, server.url, code.lower(), "Ada")          # the code as a student types it
    assert said(part.feedback) == (f"You joined class {code} as Ada: every game you finish in this app is sent to "
                                   "it.")
    assert part.join_button.description == "Leave the class"
    app.again_button.click()                                   # a new game, over at once (two bots)
    part.wait(30)
    assert said(part.line) == f"Sent to class {code}: 1 game so far (1 from you)."
    app.refresh()                                              # the same game drawn again: not sent again
    app.again_button.click()
    part.wait(30)
    assert said(part.line) == f"Sent to class {code}: 2 games so far (2 from you)."
    results = teacher.results(code)
    assert list(results.nickname) == ["Ada", "Ada"] and results.seed.is_unique
    part.join_button.click()                                   # leave: nothing more is sent
    app.again_button.click()
    part.wait(30)
    assert said(part.feedback) == f"You left class {code}: games are no longer sent." and part.line.value == ""
    assert len(teacher.results(code)) == 2


def test_refusals_are_said_and_play_goes_on(server, teacher):
    code = teacher.open_class("Furcle", {"target": 30, "players": 2})
    app = furcle_app(target=40)
    for url, code_typed, nickname, why in (
            (server.url, "ZZZZ", "Bo", "Not joined: the class server refused: there is no class ZZZZ"),
            (server.url, code, "Bo:", "Not joined: nickname 'Bo:' holds ':'"),
            ("school server", code, "Bo", "Not joined: 'school server' is not a class server's address"),
            (f"http://127.0.0.1:{free_port()}", code, "Bo", "Not joined: no answer from the class server")):
        part = join(app, url, code_typed, nickname)
        assert said(part.feedback).startswith(why) and part.student is None
    part = join(app, server.url, code, "Bo")
    assert "Note: this class plays with target 30; change the settings to the class's rules" in said(part.feedback)
    app.again_button.click()
    part.wait(30)
    assert said(part.line).startswith(f"Not counted in class {code}: the class server refused: this game's rules "
                                      "differ from the class's: target is 40, the class plays with 30")
    assert app.game.is_over and app.error.value == ""        # the app is unharmed
    assert teacher.results(code).empty


def test_a_server_that_stops_never_breaks_play(tmp_path):
    """Stopped mid-class, the line says so; restarted, the game it missed is sent with the next one."""
    server = start_server(tmp_path / "class.db", tmp_path / "server.log")
    try:
        from furlib.classroom import Teacher

        from .conftest import KEY

        own = Teacher(server.url, KEY)
        code = own.open_class("Furcle", {"target": 30, "players": 2})
        app = furcle_app()
        part = join(app, server.url, code, "Cy")
        stop_server(server)
        app.again_button.click()
        part.wait(30)
        assert said(part.line).startswith(f"Not sent to class {code}: no answer from the class server")
        assert said(part.line).endswith("Play on: it is sent again after your next game.")
        assert app.game.is_over and app.error.value == ""
        server = start_server(server.db, server.log, port=server.port)
        app.again_button.click()
        part.wait(30)
        assert said(part.line) == f"Sent to class {code}: 2 games so far (2 from you)."
        assert len(own.results(code)) == 2
    finally:
        stop_server(server)
