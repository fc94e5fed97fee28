"""Clickable widgets that know which moment of the game a click was made on.

An ipywidgets ``Button`` sends a bare "clicked": a double click sends two
clicks before the kernel has answered the first, and the kernel cannot tell
that the second was made on a state that has changed since. The two widgets
here are small anywidgets that close that gap:

* each carries the ``version`` of the view it shows (the app raises it at
  every redraw) and sends it with a click; a click whose version is not the
  current one is *stale* and runs the ``on_stale`` callbacks instead of the
  ``on_click`` ones;
* in the browser a click disables the widget at once (and every widget of
  the same ``group``) until the kernel has answered (a "done" message after
  the handlers, or a new version): no second click can leave while the
  first is in flight.

:class:`ActionButton` is a button (``description``, ``tooltip``,
``disabled``, ``button_style``, ``icon`` like ``ipywidgets.Button``);
:class:`ClickableHTML` shows HTML (like ``ipywidgets.HTML``) and makes some
of its elements clickable, e.g. the dice of a game view. From Python,
``click()`` runs the handlers at once, as a click on the moment shown.
A view the page removes takes its button (or picture) with it: a widget moved
from one box to another while its old view was busy has been seen to leave
that view's element in the page, a second, dead "Roll" button.
The JavaScript both share (the double-click guard of the page, the busy
groups, "Working...", the focus kept) is :mod:`furlib.core.app.click_guard`,
whose :data:`~furlib.core.app.click_guard.DOUBLE_CLICK_MS` and
:data:`~furlib.core.app.click_guard.WORKING_MS` this module exports too.

This module imports ipywidgets and anywidget; ``import furlib`` never imports it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import traitlets
from ipywidgets import CallbackDispatcher

# the browser's side (the double-click guard, busy groups) lives in click_guard: its constants are exported here too
from .click_guard import BUSY_JS, DOUBLE_CLICK_MS, WORKING_MS

__all__ = ["ActionButton", "ClickableHTML", "BUTTON_STYLES", "DOUBLE_CLICK_MS", "WORKING_MS"]

#: The ``button_style`` values (ipywidgets' names); "" is the plain button.
BUTTON_STYLES = ("", "primary", "success", "info", "warning", "danger")

_BUTTON_ESM = BUSY_JS + r"""
function render({ model, el }) {
  const button = document.createElement("button");
  button.type = "button";
  el.classList.add("furlib-button-host");
  el.appendChild(button);
  let busy = false;
  function draw() {
    const style = model.get("button_style");
    const classes = ["jupyter-widgets", "jupyter-button", "widget-button", "furlib-action-button"];
    if (style) classes.push("mod-" + style);
    if (busy) classes.push("furlib-busy");
    button.className = classes.concat(model.get("_dom_classes")).join(" ");
    // busy is not "disabled": a disabled button loses the keyboard focus
    button.disabled = model.get("disabled");
    button.setAttribute("aria-disabled", busy ? "true" : "false");
    button.setAttribute("aria-busy", busy ? "true" : "false");
    const tip = model.get("tooltip");
    if (tip) button.title = tip; else button.removeAttribute("title");
    button.textContent = "";
    const icon = model.get("icon");
    if (icon) {
      const i = document.createElement("i");
      i.className = "fa fa-" + icon;
      i.setAttribute("aria-hidden", "true");
      button.appendChild(i);
      if (model.get("description")) button.appendChild(document.createTextNode(" "));
    }
    button.appendChild(document.createTextNode(model.get("description")));
  }
  function setBusy(value) { if (busy !== value) { busy = value; draw(); } }
  const channel = busyChannel(model, setBusy, el);
  button.addEventListener("click", (event) => {
    event.preventDefault();
    if (busy || model.get("disabled") || !channel.accept(event)) return;
    setBusy(true);
    channel.announce();
    model.send({ event: "click", version: model.get("version") });
  });
  const redraw = () => draw();
  model.on("change", redraw);
  draw();
  return () => {   // the view is gone: its button goes too, even if the page keeps the view's element
    model.off("change", redraw);
    channel.stop();
    button.remove();
    delete el.dataset.furlibGroup;
  };
}
export default { render };
"""

_BUTTON_CSS = r"""
.furlib-button-host { display: inline-flex; margin: var(--jp-widgets-margin, 2px); }
.furlib-button-host > button.furlib-action-button {
  width: 100%; min-width: 84px; height: var(--jp-widgets-inline-height, 28px); white-space: nowrap;
}
.furlib-button-host > button.furlib-action-button.furlib-busy { cursor: progress; opacity: 0.75; }
"""

_HTML_ESM = BUSY_JS + r"""
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "furlib-clickable-root";
  el.appendChild(root);
  let busy = false;
  function fire(key, event) {
    if (busy || !(key in model.get("targets")) || !channel.accept(event)) return;
    setBusy(true);
    channel.announce();
    model.send({ event: "click", key: key, version: model.get("version") });
  }
  function refuse(key, event) {
    // a click on an element that cannot be used now: the kernel says why (nothing is played)
    if (busy || !channel.accept(event)) return;
    model.send({ event: "refused", key: key, version: model.get("version") });
  }
  function mark() {
    root.classList.toggle("furlib-busy", busy);
    for (const node of root.querySelectorAll(".furlib-clickable")) {
      node.setAttribute("tabindex", busy ? "-1" : "0");
      node.setAttribute("aria-disabled", busy ? "true" : "false");
    }
  }
  function draw() {
    const focused = document.activeElement;
    const focusedKey = focused && root.contains(focused) ? focused.dataset.furlibTarget : undefined;
    root.innerHTML = model.get("value");
    const selector = model.get("selector");
    const attribute = model.get("key");
    if (selector && attribute) {
      const targets = model.get("targets");
      for (const node of root.querySelectorAll(selector)) {
        const key = node.getAttribute(attribute);
        if (key === null) continue;
        if (!(key in targets)) {
          node.addEventListener("click", (event) => { event.preventDefault(); refuse(key, event); });
          continue;
        }
        node.classList.add("furlib-clickable");
        node.setAttribute("role", "button");
        node.setAttribute("aria-label", targets[key]);
        node.dataset.furlibTarget = key;
        node.addEventListener("click", (event) => { event.preventDefault(); fire(key, event); });
        node.addEventListener("keydown", (event) => {
          if (event.key === "Enter" || event.key === " ") { event.preventDefault(); fire(key, null); }
        });
      }
    }
    mark();
    if (focusedKey !== undefined) {  // the focus stays on the same element when it is still clickable
      const again = [...root.querySelectorAll(".furlib-clickable")].find((n) => n.dataset.furlibTarget === focusedKey);
      if (again) again.focus({ preventScroll: true });
    }
  }
  function setBusy(value) { if (busy !== value) { busy = value; mark(); } }
  const channel = busyChannel(model, setBusy, el);
  const redraw = () => draw();
  model.on("change:value", redraw);
  model.on("change:targets", redraw);
  model.on("change:selector", redraw);
  model.on("change:key", redraw);
  draw();
  return () => {   // the view is gone: its picture goes too, even if the page keeps the view's element
    for (const name of ["value", "targets", "selector", "key"]) model.off("change:" + name, redraw);
    channel.stop();
    root.remove();
    delete el.dataset.furlibGroup;
  };
}
export default { render };
"""

_HTML_CSS = r"""
.furlib-clickable {
  cursor: pointer; border-radius: 8px;
  outline: 2px dashed var(--jp-brand-color1, #1976d2); outline-offset: 2px;
}
.furlib-clickable:hover, .furlib-clickable:focus-visible {
  outline: 3px solid var(--jp-brand-color1, #1976d2);
}
.furlib-clickable-root.furlib-busy .furlib-clickable { cursor: progress; opacity: 0.8; }
"""


class _Versioned(anywidget.AnyWidget):
    """What both widgets share: the version, the group, and click/stale callbacks."""

    version = traitlets.Int(0, help="The moment shown; a click carries it back").tag(sync=True)
    group = traitlets.Unicode("", help="Widgets of one group are busy together after a click").tag(sync=True)

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self._click_handlers = CallbackDispatcher()
        self._stale_handlers = CallbackDispatcher()
        self._refused_handlers = CallbackDispatcher()
        self.on_msg(self._handle_message)

    def on_stale(self, callback: Callable[..., Any], remove: bool = False) -> None:
        """Run ``callback(widget)`` when a click made on an earlier version arrives (instead of the click)."""
        self._stale_handlers.register_callback(callback, remove=remove)

    def _handle_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict) or content.get("event") not in ("click", "refused"):
            return
        try:
            version = content.get("version")
            if version != self.version:
                self._stale_handlers(self)
            elif content["event"] == "refused":
                self._refused(content)
            else:
                self._clicked(content)
        finally:
            self.send({"event": "done"})

    def _clicked(self, content: dict[Any, Any]) -> None:
        raise NotImplementedError

    def _refused(self, content: dict[Any, Any]) -> None:
        """A click on something that cannot be clicked now (only :class:`ClickableHTML` sends one)."""


class ActionButton(_Versioned):
    """A button whose clicks carry the version they were made on (see the module docstring).

    Parameters are traits, as for ``ipywidgets.Button``: ``description``,
    ``tooltip``, ``disabled``, ``button_style`` (one of :data:`BUTTON_STYLES`),
    ``icon`` (a Font Awesome name), plus ``version`` and ``group``. Classes
    added with ``add_class`` go on the ``<button>`` element itself.

    Examples
    --------
    >>> b = ActionButton(description="Roll")
    >>> clicks = []
    >>> b.on_click(lambda button: clicks.append(button.description))
    >>> b.click()
    >>> clicks
    ['Roll']
    """

    _esm = _BUTTON_ESM
    _css = _BUTTON_CSS

    description = traitlets.Unicode("").tag(sync=True)
    tooltip = traitlets.Unicode("").tag(sync=True)
    disabled = traitlets.Bool(False).tag(sync=True)
    button_style = traitlets.Enum(BUTTON_STYLES, default_value="").tag(sync=True)
    icon = traitlets.Unicode("").tag(sync=True)

    def on_click(self, callback: Callable[..., Any], remove: bool = False) -> None:
        """Run ``callback(button)`` on every click that is not stale (and on :meth:`click`)."""
        self._click_handlers.register_callback(callback, remove=remove)

    def click(self) -> None:
        """Click from Python: run the click callbacks now, as a click on the moment shown."""
        self._click_handlers(self)

    def _clicked(self, content: dict[Any, Any]) -> None:
        self._click_handlers(self)

    def __repr__(self) -> str:
        return f"ActionButton(description={self.description!r}, disabled={self.disabled})"


class ClickableHTML(_Versioned):
    """HTML (like ``ipywidgets.HTML``) whose elements matching ``selector`` can be clicked.

    An element is clickable when its attribute ``key`` holds one of the keys
    of ``targets`` (``{key: words for a screen reader}``); a click sends that
    key. Clickable elements get the class ``furlib-clickable``, a button
    role and a keyboard focus (Enter or Space clicks). A click on an element
    that matches ``selector`` but is not a target now is *refused*: it runs
    the ``on_refused`` callbacks with its key (an app says why nothing
    happened), and never the ``on_click`` ones.

    Examples
    --------
    >>> view = ClickableHTML(value='<svg data-die="0"></svg>', selector="svg[data-die]", key="data-die")
    >>> view.targets = {"0": "Raise die 1"}
    >>> clicked = []
    >>> view.on_click(lambda widget, key: clicked.append(key))
    >>> refused = []
    >>> view.on_refused(lambda widget, key: refused.append(key))
    >>> view.click("0")
    >>> view.click("1")            # not a target now: refused, nothing is played
    >>> clicked, refused
    (['0'], ['1'])
    """

    _esm = _HTML_ESM
    _css = _HTML_CSS

    value = traitlets.Unicode("").tag(sync=True)
    selector = traitlets.Unicode("").tag(sync=True)
    key = traitlets.Unicode("").tag(sync=True)
    targets = traitlets.Dict(value_trait=traitlets.Unicode()).tag(sync=True)

    def on_click(self, callback: Callable[..., Any], remove: bool = False) -> None:
        """Run ``callback(widget, key)`` on every click on a target that is not stale."""
        self._click_handlers.register_callback(callback, remove=remove)

    def on_refused(self, callback: Callable[..., Any], remove: bool = False) -> None:
        """Run ``callback(widget, key)`` on a click (not stale) on an element that is not a target now."""
        self._refused_handlers.register_callback(callback, remove=remove)

    def click(self, key: str) -> None:
        """Click the element with this key from Python: the click callbacks for a target, else the refused ones."""
        if str(key) in self.targets:
            self._click_handlers(self, str(key))
        else:
            self._refused_handlers(self, str(key))

    def _clicked(self, content: dict[Any, Any]) -> None:
        self.click(str(content.get("key")))

    def _refused(self, content: dict[Any, Any]) -> None:
        self.click(str(content.get("key")))

    def __repr__(self) -> str:
        return f"ClickableHTML(targets={sorted(self.targets)})"
