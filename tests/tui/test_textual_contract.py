"""The private parts of Textual the game uses (``tui_naval/tui/textual_contract.py``), held
to the installed Textual: each still exists with the signature the game calls, and each
still behaves as the game depends on; and no module of ``tui_naval.tui`` but the contract
names a private part of Textual.

A failure here after a Textual upgrade says which private part changed: adapt the
contract module (or find the public way Textual may now have), not the test.
"""

from __future__ import annotations

import ast
import asyncio
import contextlib
import importlib
import inspect
import signal
import sys
import textwrap
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any, ClassVar

import pytest
import textual
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.geometry import Size
from textual.screen import ModalScreen, Screen
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

import tui_naval.tui
from tests.tui.app_support import make_app, wait_until
from tui_naval.tui import textual_contract
from tui_naval.tui.dialogs.keys import action_state
from tui_naval.tui.screens.base import NavalScreen
from tui_naval.tui.textual_contract import (
    BindingChain,
    CrashHookApp,
    KeyFilterScreen,
    LaidOutView,
    is_toast_rack,
    linux_driver_base,
    modal_binding_chain,
)


def parameters(function: Any) -> list[tuple[str, Any]]:
    """A function's parameters: name and default (``inspect.Parameter.empty``: none)."""
    return [(p.name, p.default) for p in inspect.signature(function).parameters.values()]


# -- 1, 2: the layout pass, and the content's size without a layout -----------------------

class Probe(LaidOutView, ScrollView):
    """A view that notes each layout pass and each line drawn, in order."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[tuple[str, Size, Size, Size]] = []
        self.set_virtual_size_quietly(Size(500, 300))

    def laid_out(self, size: Size) -> None:
        self.seen.append(("laid out", size, self.container_size, self.virtual_size))

    def render_line(self, y: int) -> Strip:
        self.seen.append(("line", self.size, self.container_size, self.virtual_size))
        return Strip.blank(self.size.width)

    def layouts(self) -> int:
        return sum(1 for seen in self.seen if seen[0] == "laid out")


class ProbeApp(App[None]):
    CSS = "Probe { width: 40; height: 10; }"

    def compose(self) -> ComposeResult:
        yield Probe()


def test_size_updated_has_the_signature_the_view_overrides() -> None:
    assert parameters(ScrollView._size_updated) == [
        ("self", inspect.Parameter.empty), ("size", inspect.Parameter.empty),
        ("virtual_size", inspect.Parameter.empty),
        ("container_size", inspect.Parameter.empty), ("layout", True)]
    assert parameters(Widget._scroll_update) == [
        ("self", inspect.Parameter.empty), ("virtual_size", inspect.Parameter.empty)]


async def test_the_view_is_told_its_size_in_the_layout_pass_before_the_first_frame() -> None:
    app = ProbeApp()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        probe = app.query_one(Probe)
        first = next(seen for seen in probe.seen if seen[0] == "laid out")
        assert probe.seen.index(first) < next(
            n for n, seen in enumerate(probe.seen) if seen[0] == "line")
        _, size, container, virtual = first
        assert size == container == Size(40, 10)
        # The view's own virtual size is kept (Textual hands it the region's).
        assert virtual == probe.virtual_size == Size(500, 300)


async def test_the_content_size_is_set_without_a_layout() -> None:
    app = ProbeApp()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        probe = app.query_one(Probe)
        probe.scroll_to(y=200, animate=False, immediate=True)
        await pilot.pause()
        layouts = probe.layouts()
        probe.set_virtual_size_quietly(Size(500, 50))
        # The scroll bars match at once, and the scroll is clamped to the new content...
        assert probe.max_scroll_y == 50 - probe.scrollable_content_region.height
        assert probe.scroll_y == probe.max_scroll_y
        await pilot.pause(0.1)
        assert probe.layouts() == layouts  # ...with no layout
        # (The public way lays the screen out again: why the private one is used.)
        probe.virtual_size = Size(500, 60)
        await pilot.pause(0.1)
        assert probe.layouts() > layouts


# -- 3: Textual's notification rack ---------------------------------------------------------

async def test_every_screen_is_composed_with_a_notification_rack() -> None:
    app = ProbeApp()
    async with app.run_test(size=(60, 20), notifications=True) as pilot:
        await pilot.pause()
        racks = [w for w in app.screen.children if is_toast_rack(w)]
        assert len(racks) == 1
        rack = racks[0]
        # Textual hides it, inline, as the screen resumes with no notification (the game
        # hides it as it is composed, not a frame later); a notification shows it.
        assert rack.display is False and rack.styles.inline.has_rule("display")
        app.notify("ahoy")
        await wait_until(pilot, lambda: rack.display, what="the rack shown")
        assert rack.children


# -- 4, 5: the binding chain --------------------------------------------------------------

class Keys(KeyFilterScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("x", "note('screen')", id="probe.screen"),
        Binding("y", "note('priority')", priority=True),
    ]
    blocked = False

    def compose(self) -> ComposeResult:
        yield Vertical(Static("keys"))

    def filter_bindings(self, chain: BindingChain) -> BindingChain:
        if not self.blocked:
            return chain
        return [(node, bindings) for node, bindings in chain if node is self.app]

    def action_note(self, what: str) -> None:
        assert isinstance(self.app, KeysApp)
        self.app.noted.append(what)


class Focusable(Static, can_focus=True):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("w", "noop", id="probe.widget")]

    def action_noop(self) -> None:
        pass


class KeysApp(App[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("z", "note_app", id="probe.app")]

    def __init__(self) -> None:
        super().__init__()
        self.noted: list[str] = []

    def on_mount(self) -> None:
        self.push_screen(Keys())

    def action_note_app(self) -> None:
        self.noted.append("app")


def test_the_binding_chain_is_a_property_of_the_screen() -> None:
    assert isinstance(inspect.getattr_static(Screen, "_binding_chain"), property)
    assert isinstance(inspect.getattr_static(Screen, "_modal_binding_chain"), property)


async def test_keys_are_looked_up_in_the_filtered_chain() -> None:
    app = KeysApp()
    async with app.run_test() as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, Keys), what="the screen")
        screen = app.screen
        assert isinstance(screen, Keys)
        await pilot.press("x", "y", "z")
        assert app.noted == ["screen", "priority", "app"]
        assert {"x", "y", "z"} <= set(screen.active_bindings)
        screen.blocked = True
        screen.refresh_bindings()
        await pilot.press("x", "y", "z")
        assert app.noted == ["screen", "priority", "app", "app"]
        # What the key bar shows follows.
        assert set(screen.active_bindings) & {"x", "y"} == set()


async def test_the_modal_binding_chain_runs_from_the_focused_widget_to_the_app() -> None:
    app = KeysApp()
    async with app.run_test() as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, Keys), what="the screen")
        screen = app.screen
        widget = Focusable("focus me")
        await screen.query_one(Vertical).mount(widget)
        widget.focus()
        await pilot.pause()
        app.set_keymap({"probe.screen": "q"})
        chain = modal_binding_chain(screen)
        nodes = [node for node, _ in chain]
        assert nodes[0] is widget and nodes[-2:] == [screen, app]
        keys = {node: set(bindings.key_to_bindings) for node, bindings in chain}
        assert "w" in keys[widget] and "z" in keys[app]
        assert "q" in keys[screen] and "x" not in keys[screen]  # as remapped
        # The ? dialog asks each action's target as Textual does for a key.
        for namespace, bindings in chain:
            for _key, binding in bindings:
                assert action_state(app, binding.action, namespace) \
                    == app._check_action_state(binding.action, namespace)
        # A modal screen's chain ends with it: the app's keys are not looked up.
        await app.push_screen(ModalScreen())
        await pilot.pause()
        assert [node for node, _ in modal_binding_chain(app.screen)] == [app.screen]


# -- 6: an error nothing expected ---------------------------------------------------------

class Crashing(CrashHookApp[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("x", "boom")]

    def __init__(self, forget: bool) -> None:
        super().__init__()
        self.forget = forget
        self.seen: list[object] = []

    def action_boom(self) -> None:
        raise ValueError("boom")

    def crashing(self, error: Exception) -> None:
        self.seen.append(("crashing", str(error), self.return_code))

    def crashed(self, error: Exception) -> None:
        self.seen.append(("crashed", str(error), self.return_code, self._exception is error,
                          len(self._exit_renderables)))
        if self.forget:
            self.forget_exit_output()


def test_handle_exception_has_the_signature_the_app_overrides() -> None:
    assert parameters(App._handle_exception) == [
        ("self", inspect.Parameter.empty), ("error", inspect.Parameter.empty)]


@pytest.mark.parametrize("forget", [False, True])
async def test_an_unexpected_error_is_handed_to_the_hooks(
        forget: bool, capsys: pytest.CaptureFixture[str]) -> None:
    app = Crashing(forget)
    with pytest.raises(ValueError, match="boom"):  # Pilot raises the error as it leaves
        async with app.run_test() as pilot:
            await pilot.press("x")
            await pilot.pause()
    # Before Textual: the app still running; after: leaving with 1, the error kept, the
    # traceback ready to print.
    assert app.seen == [("crashing", "boom", None), ("crashed", "boom", 1, True, 1)]
    assert isinstance(app._exit_renderables, list)
    printed = capsys.readouterr().err
    # Textual prints the traceback (with its locals) as the app leaves, unless forgotten.
    assert ("ValueError" in printed) is not forget


# -- 7: the terminal driver ---------------------------------------------------------------

@contextlib.contextmanager
def signals_kept() -> Iterator[None]:
    """The process's SIGTSTP and SIGCONT handlers, put back after (the driver sets them)."""
    kept = {sig: signal.getsignal(sig) for sig in (signal.SIGTSTP, signal.SIGCONT)}
    try:
        yield
    finally:
        for sig, handler in kept.items():
            signal.signal(sig, handler)


class Stream:
    """A text stream that wraps another."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner


posix_only = pytest.mark.skipif(sys.platform == "win32", reason="Textual's Linux driver")


@posix_only
def test_the_linux_driver_writes_frames_to_its_file() -> None:
    from textual.drivers.linux_driver import LinuxDriver

    assert parameters(LinuxDriver.__init__) == [
        ("self", inspect.Parameter.empty), ("app", inspect.Parameter.empty),
        ("debug", False), ("mouse", True), ("size", None)]
    # The writer thread is started on the driver's file as the application mode starts
    # (tests/tui/test_terminal_gone.py checks a TerminalFile keeps that thread alive).
    assert "WriterThread(self._file)" in inspect.getsource(LinuxDriver.start_application_mode)
    assert parameters(LinuxDriver._sigcont_application)[0][0] == "self"


@posix_only
async def test_the_linux_driver_hands_sigcont_and_sigtstp_to_the_game(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from textual.drivers import linux_driver

    seen: list[str] = []

    class Driver(linux_driver_base()):  # type: ignore[misc]
        def sigcont(self) -> None:
            seen.append("sigcont")

    with signals_kept():
        driver = Driver(App())
        # Its output stream: the terminal's (stderr), wrapped as the game asks.
        terminal = driver._file
        assert terminal is sys.__stderr__
        driver.wrap_output(Stream)
        assert isinstance(driver._file, Stream) and driver._file.inner is terminal
        # Textual registers the driver's SIGCONT handler as the driver is made.
        signal.raise_signal(signal.SIGCONT)
        await asyncio.sleep(0)
        assert seen == ["sigcont"]
        # SIGTSTP: Textual suspends the application mode, marks that it must say it has
        # resumed, and stops the process (not here).
        assert driver.suspended_by_sigtstp is False
        monkeypatch.setattr(driver, "suspend_application_mode", lambda: seen.append("suspend"))
        monkeypatch.setattr(linux_driver.os, "kill", lambda pid, sig: seen.append(f"kill {sig}"))
        signal.getsignal(signal.SIGTSTP)(signal.SIGTSTP, None)  # type: ignore[operator]
        assert seen[1:] == ["suspend", f"kill {signal.SIGSTOP}"]
        assert driver.suspended_by_sigtstp is True
        # Textual's answer to SIGCONT: resume the application mode.
        monkeypatch.setattr(driver, "resume_application_mode", lambda: seen.append("resume"))
        driver.resume_application()
        assert seen[-1] == "resume"


# -- public behaviour the game depends on -------------------------------------------------

class Plain(NavalScreen[None]):
    styled = 0

    def compose(self) -> ComposeResult:
        yield Probe()

    def update_node_styles(self, animate: bool = True) -> None:
        self.styled += 1
        super().update_node_styles(animate)


async def test_the_first_resume_styles_nothing_again(tmp_path: Path) -> None:
    """Textual's own ScreenResume handler runs after the screen's, and reads the event's
    ``refresh_styles`` then (``NavalScreen`` sets it false for the first resume)."""
    app = make_app(tmp_path, Plain)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, Plain), what="the screen")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, Plain)
        assert screen.styled == 1  # as it was composed, with its size classes
        screen.post_message(events.ScreenResume())
        await pilot.pause()
        assert screen.styled == 2


async def test_a_resize_to_the_laid_out_size_lays_nothing_out(tmp_path: Path) -> None:
    app = make_app(tmp_path, Plain)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, Plain), what="the screen")
        await pilot.pause()
        screen = app.screen
        probe = screen.query_one(Probe)
        layouts = probe.layouts()
        assert screen.outer_size == Size(100, 30)
        screen.post_message(events.Resize(Size(100, 30), Size(100, 30)))
        await pilot.pause(0.1)
        assert probe.layouts() == layouts
        screen.post_message(events.Resize(Size(90, 30), Size(90, 30)))
        await pilot.pause(0.1)
        assert probe.layouts() > layouts


# -- no private part of Textual outside the contract --------------------------------------

PACKAGE = Path(tui_naval.tui.__file__).parent
CONTRACT = Path(textual_contract.__file__)


def private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


@cache
def textual_private_names() -> frozenset[str]:
    """Every private name Textual defines: its modules' functions, classes, variables and
    attributes (``self._x``)."""
    names: set[str] = set()
    for path in Path(textual.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names.add(node.name)
            elif isinstance(node, ast.Attribute):
                names.add(node.attr)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
    return frozenset(name for name in names if private(name))


def game_modules() -> list[Path]:
    return sorted(path for path in PACKAGE.rglob("*.py") if path != CONTRACT)


def game_classes() -> dict[tuple[str, str], type]:
    """Every class of ``tui_naval.tui``, by module and qualified name (those made in
    functions too)."""
    for path in PACKAGE.rglob("*.py"):
        importlib.import_module(module_name(path).removesuffix(".__init__"))
    found: dict[tuple[str, str], type] = {}
    seen: set[type] = set()
    stack: list[type] = [object]
    while stack:  # (every class there is; gc.get_objects leaves out what gc.freeze moved)
        for sub in type.__subclasses__(stack.pop()):
            if sub not in seen:
                seen.add(sub)
                stack.append(sub)
                module = sub.__dict__.get("__module__", sub.__module__)
                # (Some compiled classes' ``__module__`` is a descriptor, not a name.)
                if isinstance(module, str) and module.startswith("tui_naval.tui"):
                    found[(sub.__module__, sub.__qualname__)] = sub
    return found


def textual_bases_private(cls: type) -> set[str]:
    """The private names of ``cls``'s Textual base classes: their attributes and what their
    methods set on ``self``."""
    names: set[str] = set()
    for base in cls.__mro__:
        if not base.__module__.startswith("textual"):
            continue
        names.update(name for name in vars(base) if private(name))
        with contextlib.suppress(OSError, TypeError):
            source = textwrap.dedent(inspect.getsource(base))
            names.update(node.attr for node in ast.walk(ast.parse(source))
                         if isinstance(node, ast.Attribute) and private(node.attr)
                         and isinstance(node.value, ast.Name) and node.value.id == "self")
    return names


def module_name(path: Path) -> str:
    return ".".join(path.relative_to(PACKAGE.parent.parent).with_suffix("").parts)


def own_names(tree: ast.AST) -> set[str]:
    """The private names the game defines: functions, classes, variables, attributes set."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return {name for name in names if private(name)}


def class_defs(tree: ast.Module) -> Iterator[tuple[str, ast.ClassDef]]:
    """Each class statement with its qualified name."""
    def walk(node: ast.AST, prefix: str) -> Iterator[tuple[str, ast.ClassDef]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                yield f"{prefix}{child.name}", child
                yield from walk(child, f"{prefix}{child.name}.")
            elif isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                yield from walk(child, f"{prefix}{child.name}.<locals>.")
            else:
                yield from walk(child, prefix)
    yield from walk(tree, "")


def names_in_class(node: ast.ClassDef) -> dict[str, int]:
    """The private names a class defines or reaches through ``self``, ``cls`` or
    ``super()``, with a line of each."""
    found: dict[str, int] = {}
    for child in node.body:
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef) and private(child.name):
            found.setdefault(child.name, child.lineno)
        targets = (child.targets if isinstance(child, ast.Assign)
                   else [child.target] if isinstance(child, ast.AnnAssign) else [])
        for target in targets:
            if isinstance(target, ast.Name) and private(target.id):
                found.setdefault(target.id, child.lineno)
    for sub in ast.walk(node):
        if isinstance(sub, ast.Attribute) and private(sub.attr) and (
                (isinstance(sub.value, ast.Name) and sub.value.id in ("self", "cls"))
                or (isinstance(sub.value, ast.Call) and isinstance(sub.value.func, ast.Name)
                    and sub.value.func.id == "super")):
            found.setdefault(sub.attr, sub.lineno)
    return found


def private_uses() -> list[str]:
    """Where a module of ``tui_naval.tui`` other than the contract names a private part of
    Textual: imports one; defines, overrides or reaches one in a class derived from Textual
    (through ``self``, ``cls`` or ``super()``); reads one on any other object, where the
    game defines no such name of its own; or asks ``getattr`` and the like for one."""
    textual_names = textual_private_names()
    classes = game_classes()
    trees = {path: ast.parse(path.read_text(encoding="utf-8")) for path in game_modules()}
    own = set().union(*(own_names(tree) for tree in trees.values()))
    uses: list[str] = []
    for path, tree in trees.items():
        where = path.relative_to(PACKAGE.parent.parent)
        module = module_name(path)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("textual"):
                parts = (node.module or "").split(".")
                if any(private(p) for p in parts) or any(private(a.name) for a in node.names):
                    uses.append(f"{where}:{node.lineno}: from {node.module} import "
                                f"{', '.join(a.name for a in node.names)}")
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.startswith("textual") and any(
                            private(p) for p in alias.name.split(".")):
                        uses.append(f"{where}:{node.lineno}: import {alias.name}")
            elif (isinstance(node, ast.Attribute) and private(node.attr)
                  and node.attr in textual_names and node.attr not in own) or (
                    isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("getattr", "setattr", "hasattr", "delattr")
                    and len(node.args) > 1 and isinstance(node.args[1], ast.Constant)
                    and node.args[1].value in textual_names):
                uses.append(f"{where}:{node.lineno}: {ast.unparse(node)}")
        for qualname, class_def in class_defs(tree):
            cls = classes.get((module, qualname))
            assert cls is not None, f"{where}: class {qualname} not made by importing it"
            clash = textual_bases_private(cls)
            uses.extend(f"{where}:{line}: {qualname}.{name} (Textual's own)"
                        for name, line in names_in_class(class_def).items() if name in clash)
    return sorted(set(uses))


def test_no_module_but_the_contract_names_a_private_part_of_textual() -> None:
    assert private_uses() == []


def test_the_check_finds_private_parts() -> None:
    """The check above would see the uses the contract module makes (it looks at every
    other module the same way)."""
    tree = ast.parse(CONTRACT.read_text(encoding="utf-8"))
    classes = game_classes()
    names: set[str] = set()
    for qualname, class_def in class_defs(tree):
        cls = classes[(textual_contract.__name__, qualname)]
        # (A mixin, such as LaidOutView, is checked against all of Textual's names.)
        textual_names = textual_bases_private(cls) or textual_private_names()
        names |= set(names_in_class(class_def)) & textual_names
    assert {"_size_updated", "_scroll_update", "_binding_chain", "_handle_exception",
            "_exit_renderables", "_file", "_sigcont_application",
            "_must_signal_resume"} <= names
    assert "_modal_binding_chain" in textual_private_names()
