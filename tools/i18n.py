"""Manage bglearn's message catalogs with Babel: extract, update, compile, check.

    python tools/i18n.py extract              # bglearn/**.py -> bglearn/locale/bglearn.pot
    python tools/i18n.py update --lang fi     # merge the .pot into bglearn/locale/fi/LC_MESSAGES/bglearn.po
    python tools/i18n.py update --all         # extract, then merge into every language's .po
    python tools/i18n.py compile              # every .po -> .mo (the .mo files ship in the wheel)
    python tools/i18n.py check [--lang fi]    # missing, fuzzy, placeholder mismatches, stale .mo; exit 1 if any

Messages are found where the code wraps them: ``_()``, ``ngettext()``, ``pgettext()`` and ``N_()``
(Babel's default keywords). A comment starting ``Translators:`` just above a message is copied into the
catalog for the translator.
"""

from __future__ import annotations

import argparse
import io
import string
import sys
from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the repository's bglearn, also when the kit is not installed
from bglearn.i18n import TRANSLATED  # noqa: E402  (the one list of languages)

PACKAGE = ROOT / "bglearn"
LOCALEDIR = PACKAGE / "locale"
DOMAIN = "bglearn"
POT = LOCALEDIR / f"{DOMAIN}.pot"

#: The plural rule (gettext Plural-Forms) of each translated language (``bglearn.i18n.TRANSLATED``),
#: fixed here, not taken from CLDR: Spanish learners count checkers with two forms, Romanian needs three.
PLURAL_FORMS: dict[str, tuple[int, str]] = {
    "es": (2, "(n != 1)"),
    "fi": (2, "(n != 1)"),
    "ro": (3, "(n==1 ? 0 : (n==0 || (n%100 > 0 && n%100 < 20)) ? 1 : 2)"),
}
#: The catalogs this tool manages: the kit's translated languages.
LANGUAGES = TRANSLATED
if set(PLURAL_FORMS) != set(LANGUAGES):
    raise SystemExit(f"i18n: PLURAL_FORMS names {sorted(PLURAL_FORMS)}, but bglearn.i18n.TRANSLATED is "
                     f"{sorted(LANGUAGES)}: give each translated language its plural rule")

#: Placeholders a plural form used only for n == 1 may leave out ("un pul" instead of "1 pul").
COUNT_PLACEHOLDERS = frozenset({"n", "count"})

METHOD_MAP = [("**/locale/**", "ignore"), ("**.py", "python")]


def po_path(lang: str) -> Path:
    """Where the catalog of ``lang`` lives."""
    return LOCALEDIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    """Where the compiled catalog of ``lang`` lives."""
    return po_path(lang).with_suffix(".mo")


def _shown(path: Path) -> str:
    """A path for messages: relative to the repository when inside it."""
    try:
        return path.relative_to(ROOT).as_posix()
    except ValueError:
        return str(path)


def _read(path: Path) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle)


def _write(catalog: Catalog, path: Path, **options: object) -> None:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, include_lineno=False, **options)  # type: ignore[arg-type]
    path.parent.mkdir(parents=True, exist_ok=True)
    data = buffer.getvalue()
    if not path.exists() or path.read_bytes() != data:
        path.write_bytes(data)


def collect() -> Catalog:
    """Every wrapped message of bglearn/ (the template's content; nothing is written)."""
    catalog = Catalog(project="bglearn", version="0.1.0", charset="utf-8", fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
        str(PACKAGE), method_map=METHOD_MAP, keywords=DEFAULT_KEYWORDS, comment_tags=("Translators:",),
        strip_comment_tags=True,
    ):
        path = (PACKAGE / filename).relative_to(ROOT).as_posix()
        catalog.add(message, None, [(path, lineno)], auto_comments=comments, context=context,
                    flags=("python-brace-format",) if _has_fields(message) else ())
    return catalog


def pot_is_current() -> bool:
    """True when bglearn/locale/bglearn.pot holds exactly the messages the source wraps now."""
    return POT.exists() and _same_messages(_read(POT), collect())


def extract() -> Catalog:
    """Collect every wrapped message of bglearn/ into the template bglearn/locale/bglearn.pot."""
    catalog = collect()
    old = _read(POT) if POT.exists() else None
    if old is not None and _same_messages(old, catalog):
        return old  # nothing changed: keep the file (and its creation date) as it is
    _write(catalog, POT)
    return catalog


def _has_fields(message: str | tuple[str, ...]) -> bool:
    texts = message if isinstance(message, tuple) else (message,)
    return any(placeholders(text) for text in texts)


def _same_messages(a: Catalog, b: Catalog) -> bool:
    def key(c: Catalog) -> list[tuple[object, ...]]:
        # the file names only: the template is written without line numbers (fewer needless diffs)
        return sorted((repr(m.id), repr(m.context), repr(sorted({f for f, _line in m.locations})),
                       repr(m.auto_comments)) for m in c if m.id)
    return key(a) == key(b)


def new_catalog(lang: str) -> Catalog:
    """An empty catalog for ``lang`` with the project's Plural-Forms header."""
    nplurals, expr = PLURAL_FORMS[lang]
    header = (
        'msgid ""\nmsgstr ""\n'
        '"Project-Id-Version: bglearn 0.1.0\\n"\n'
        f'"Language: {lang}\\n"\n'
        '"MIME-Version: 1.0\\n"\n'
        '"Content-Type: text/plain; charset=utf-8\\n"\n'
        '"Content-Transfer-Encoding: 8bit\\n"\n'
        f'"Plural-Forms: nplurals={nplurals}; plural={expr};\\n"\n'
    )
    return read_po(io.BytesIO(header.encode()), locale=lang, domain=DOMAIN)


def update(lang: str) -> Catalog:
    """Merge the template into the catalog of ``lang`` only (new messages empty, changed ones fuzzy)."""
    if lang not in PLURAL_FORMS:
        raise SystemExit(f"i18n: unknown language {lang!r}; the catalogs are {', '.join(LANGUAGES)}")
    if not POT.exists():
        extract()
    template = _read(POT)
    path = po_path(lang)
    catalog = _read(path) if path.exists() else new_catalog(lang)
    catalog.update(template, update_header_comment=False)
    nplurals, expr = PLURAL_FORMS[lang]
    catalog._num_plurals, catalog._plural_expr = nplurals, expr  # Babel would take CLDR's (3 for es)
    _write(catalog, path, ignore_obsolete=False, include_previous=True)
    return catalog


def compiled(lang: str) -> bytes:
    """The .mo bytes the current .po of ``lang`` compiles to (fuzzy entries left out)."""
    catalog = _read(po_path(lang))
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def compile_all() -> list[Path]:
    """Write the .mo of every language whose .po exists; return the files that changed."""
    changed = []
    for lang in LANGUAGES:
        if not po_path(lang).exists():
            continue
        data = compiled(lang)
        target = mo_path(lang)
        if not target.exists() or target.read_bytes() != data:
            target.write_bytes(data)
            changed.append(target)
    return changed


def placeholders(text: str) -> set[str]:
    """The named fields of a str.format message ({name}, {name:fmt}); raises ValueError on broken braces."""
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(text)
            if name is not None}


@dataclass
class Report:
    """What a language's catalog still lacks."""

    lang: str
    missing: list[str] = field(default_factory=list)
    fuzzy: list[str] = field(default_factory=list)
    placeholders: list[str] = field(default_factory=list)
    other: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not (self.missing or self.fuzzy or self.placeholders or self.other)


def _label(message: Message) -> str:
    msgid = message.id[0] if isinstance(message.id, tuple) else message.id
    return repr(msgid if len(msgid) <= 70 else msgid[:67] + "...")


def placeholder_problems(message: Message) -> list[str]:
    """How the translation's {fields} differ from the English message's (empty when they agree)."""
    ids = message.id if isinstance(message.id, tuple) else (message.id,)
    strs = message.string if isinstance(message.string, tuple) else (message.string,)
    try:
        wanted = [placeholders(text) for text in ids]
    except ValueError as error:
        return [f"the English message has broken braces ({error})"]
    allowed = set().union(*wanted)
    problems = []
    for index, text in enumerate(strs):
        if not text:
            continue
        try:
            got = placeholders(text)
        except ValueError as error:
            problems.append(f"form {index}: broken braces ({error})")
            continue
        extra = got - allowed
        missing = wanted[-1] - got
        if len(ids) > 1 and index == 0:
            missing -= COUNT_PLACEHOLDERS | (wanted[-1] - wanted[0])  # the n == 1 form may say "one" in words,
            # and leave out what the English singular leaves out ("the previous game" for "{k} games ago")
        if extra:
            problems.append(f"form {index}: unknown {{{', '.join(sorted(extra))}}}")
        if missing:
            problems.append(f"form {index}: lost {{{', '.join(sorted(missing))}}}")
    return problems


def check(lang: str) -> Report:
    """Compare the catalog of ``lang`` with the template: missing, fuzzy, placeholder, header, stale .mo."""
    report = Report(lang)
    path = po_path(lang)
    if not path.exists():
        report.other.append(f"{_shown(path)} does not exist (run: python tools/i18n.py update --lang {lang})")
        return report
    catalog = _read(path)
    nplurals, expr = PLURAL_FORMS[lang]
    if catalog.num_plurals != nplurals:
        report.other.append(f"Plural-Forms header says nplurals={catalog.num_plurals}, expected {nplurals}; {expr}")
    template = _read(POT)
    for message in template:
        if not message.id:
            continue
        entry = catalog.get(message.id, message.context)
        if entry is None:
            report.missing.append(f"{_label(message)} (not merged yet: run update --lang {lang})")
            continue
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        if entry.fuzzy:
            report.fuzzy.append(_label(message))
        elif not all(strings) or (isinstance(message.id, tuple) and len(strings) != nplurals):
            report.missing.append(_label(message))
        for problem in placeholder_problems(entry):
            report.placeholders.append(f"{_label(message)}: {problem}")
    target = mo_path(lang)
    if not target.exists() or target.read_bytes() != compiled(lang):
        report.other.append(f"{_shown(target)} is stale (run: python tools/i18n.py compile)")
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/i18n.py", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("extract", help="write bglearn/locale/bglearn.pot from the source")
    up = sub.add_parser("update", help="merge the .pot into one language's .po")
    which = up.add_mutually_exclusive_group(required=True)
    which.add_argument("--lang", choices=LANGUAGES)
    which.add_argument("--all", action="store_true", help="extract, then update every language")
    sub.add_parser("compile", help="write the .mo of every language")
    ch = sub.add_parser("check", help="list missing/fuzzy/placeholder problems; exit 1 if any")
    ch.add_argument("--lang", choices=LANGUAGES, action="append")
    ch.add_argument("-v", "--verbose", action="store_true", help="list every entry, not just counts")
    args = parser.parse_args(argv)

    if args.command == "extract":
        catalog = extract()
        print(f"{POT.relative_to(ROOT)}: {sum(1 for m in catalog if m.id)} messages")
    elif args.command == "update":
        if args.all:
            extract()
        for lang in (LANGUAGES if args.all else (args.lang,)):
            catalog = update(lang)
            done = sum(1 for m in catalog if m.id and not m.fuzzy and all(
                m.string if isinstance(m.string, tuple) else (m.string,)))
            print(f"{po_path(lang).relative_to(ROOT)}: {done} of {sum(1 for m in catalog if m.id)} translated")
    elif args.command == "compile":
        for path in compile_all():
            print(f"wrote {path.relative_to(ROOT)}")
    elif args.command == "check":
        failed = False
        for lang in args.lang or LANGUAGES:
            report = check(lang)
            failed |= not report.ok
            print(f"{lang}: {len(report.missing)} missing, {len(report.fuzzy)} fuzzy, "
                  f"{len(report.placeholders)} placeholder problems" + "".join(f"; {o}" for o in report.other))
            limit = None if args.verbose else 5
            for kind in ("missing", "fuzzy", "placeholders"):
                entries = getattr(report, kind)
                for entry in entries[:limit]:
                    print(f"  {kind}: {entry}")
                if limit is not None and len(entries) > limit:
                    print(f"  ... {len(entries) - limit} more {kind} (use -v)")
        return 1 if failed else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
