"""Cha dango's race results in words, for the shared screen and the OLEDs
(rulings CD-4, CD-6, CD-9, CAB-4, CAB-7): the engine's event texts of the
latest order shortened to result lines ("Seat 1 served fox: 224 ms",
"Nobody served the cat: it stays a customer", "Tie: Seats 1 and 2, coin
flip: Seat 2"), each number kept with its unit; the same rebuilt from the
game's record when the texts are gone (after a resume); a seat's own result
("+1 VP card", "sipped: it matched") and its refused early press (CAB-7)."""
from __future__ import annotations

import re
from typing import Any

from engines.cha_dango.game import order_words
from engines.words import plural


def seat_name(seat: int) -> str:
    """Seat 0 is "Player 1" (the engine's words)."""
    return f"Player {seat + 1}"


_SERVED = re.compile(r"^(Player \d+) served the customer \(([^,]+),[^)]*\) (.+?) after the order(?:, (.*))?$")
_PLACES = re.compile(r"^(Player \d+) (?:places|chooses) a VP card")
#: CAB-9: the VP-card choice ran out; the card the cabinet gave is named
_TIME_UP = re.compile(r"^(Player \d+)'s time to choose was up: a VP card \(([^,]+), (\S+) dango, (\S+) background\)")
_WRONG_HIT = re.compile(r"^(Player \d+) hit a customer, but none matched")
#: ruling CD-12: a hit on a customer that does not match when another one does
_WRONG_AIM = re.compile(r"^(Player \d+) hit a customer that did not match \(([^,]+),")
#: the VP cards a wrong hit cost on top, when the game sets a cost (CD-12: none by default)
_WRONG_COST = re.compile(r"^(Player \d+) hit a customer(?:, but none matched| that did not match).*?(?: and (\d+) VP cards?)?$")
_NOT_SERVED = re.compile(r"^Nobody served the customer \(([^,]+),")
#: book 2A, CD-12: a matching customer left when another was served took a hit of its own (issue 34)
_OWN_HIT = re.compile(r"; each matching customer takes a hit of its own, a winner's once it has placed its card "
                      r"\((\d+) ms\)$")
#: CD-4: a winner's hit while it still placed the customer it won (book 2A: "MUST place the card ... first")
_PLACING = re.compile(r"^(Player \d+) hit the customer \(([^,]+),[^)]*\) (\d+ ms) after serving one: too soon")
#: CD-12: a hit on a matching customer another seat served first (issue 34: the loser is told)
_LATE_HIT = re.compile(r"^(Player \d+) hit the customer \(([^,]+),[^)]*\) (\d+ ms) after the order: too late, "
                       r"(Player \d+) was first by (\d+(?:\.\d+)? ms)")   # (0.174 ms: PT15)
#: a customer's description in an engine text: figure, dango, background
_CUSTOMER = re.compile(r"\(([a-z]+), ([a-z]+) dango, ([a-z]+) background\)")
_WRONG_SIP = re.compile(r"^(Player \d+) lifted the cup, but a customer matched")
#: a hit that came after the race was decided (the runtime's words, not the engine's)
_LATE = re.compile(r"^(Player \d+)'s hit came (\d+ ms) after (Player \d+)'s: too late")
#: a hit that came just after the race timed out (the runtime's words)
_LATE_TIMEOUT = re.compile(r"^(Player \d+)'s hit came (\d+ ms) after the time-out: too late")
#: CD-12 (book 2A), under a match nobody served when another was: each matching customer is served by
#: a hit of its own, and a seat that served one may hit the next once it has placed its card (the placing
#: delay, ``{s}`` seconds); plain words for a family, what to do first (issue 34: "Each match needs its
#: own hit, the winner's 0.8 s on" was cryptic); short: two lines of the 1920x1080 result panel
OWN_HIT_RULE = "Hit each match; after a win, wait {s:g} s to hit the next"
#: a number and its unit stay on one line (a no-break space between them)
_UNIT = re.compile(r"(\d) (ms|s|VP)\b")



def ms_text(us: int) -> str:
    """A duration in us as whole milliseconds, e.g. "224 ms"."""
    return f"{round(us / 1000)} ms"


def margin_text(us: int) -> str:
    """A margin between two hits in us: whole milliseconds from 1 ms on
    ("56 ms"), else one significant digit ("0.2 ms" for 174 us, "0.005
    ms"): a hit lost by a hair is not told "+0 ms" (issue 34, PT15)."""
    return ms_text(us) if abs(us) >= 1000 else f"{us / 1000:.1g} ms"


def _margin_words(engine_ms: str) -> str:
    """The engine's margin ("56 ms", "0.174 ms", :func:`engines.cha_dango.races.ms`)
    as :func:`margin_text` says it ("56 ms", "0.2 ms")."""
    return margin_text(round(float(engine_ms.split()[0]) * 1000))


def race_events(events: list[str]) -> list[str]:
    """The event texts of the latest order: from the last "Order:" text on
    (or all of them if no order is in the list)."""
    start = 0
    for i, text in enumerate(events):
        if text.startswith("Order:") or text.startswith("Order "):
            start = i
    return list(events[start:])


def _customer_name(text: str, alike: set[str]) -> str | None:
    """The customer an engine text names, as the result says it: its
    figure ("cat"), or with its colours ("cat green/red") when ``alike``
    holds the figure (two customers of the race share it, issue 34)."""
    m = _CUSTOMER.search(text)
    if not m:
        return None
    return f"{m.group(1)} {m.group(2)}/{m.group(3)}" if m.group(1) in alike else m.group(1)


def shorten_event(text: str, alike: set[str] | frozenset[str] = frozenset(), name_late: bool = True) -> list[str]:
    """A race event as short result lines (["Seat 1 served fox: 224 ms",
    "  12 ms ahead of P3"]); other texts are only abbreviated.  A figure
    in ``alike`` (two customers of the race share it) is named with its
    colours: "Seat 1 served cat green/red", "Nobody served the cat
    white/blue" (issue 34: the lines must not clash).  ``name_late``
    False: a too-late hit leaves out its customer and margin ("Seat 2:
    2352 ms, too late"; the one customer served is named above it, with
    its time; issue 34, g2l_04: the panel's room)."""
    name = _customer_name(text, set(alike))
    m = _LATE_HIT.match(text)
    if m:   # CD-12: a hit on a customer another seat served first, told with its time
        who, _, after, first, by = m.groups()
        if not name_late:
            return [_short_names(f"{who}: {after}, too late")]   # (the margin is under the winner's line)
        return [_short_names(f"{who} hit {name}: {after}, too late by {by}")]   # (the first one's line is above)
    m = _SERVED.match(text)
    if m:
        who, figure, after, margin = m.groups()
        out = [f"{who} served {name or figure}: {after}"]
        if margin:
            out.append("  " + margin)
        return [_short_names(t) for t in out]
    m = _TIME_UP.match(text)
    if m:
        return [_short_names(f"Time up: {m.group(1)} gave {m.group(2)} {m.group(3)}/{m.group(4)}")]
    m = _PLACES.match(text)
    if m:
        return [_short_names(f"{m.group(1)} lost a VP card")]
    m = _WRONG_HIT.match(text)
    if m:   # CD-9: the cause of the VP cards lost, short enough to stay in the panel
        return [_short_names(f"{m.group(1)}: wrong hit, nothing matched")]
    m = _WRONG_AIM.match(text)
    if m:   # CD-12: the customer it hit did not match
        return [_short_names(f"{m.group(1)}: wrong hit, the {name or m.group(2)} did not match")]
    m = _LATE.match(text)
    if m:   # issue 34: a hit after the race was decided is told, not lost
        return [_short_names(f"{m.group(1)}: {m.group(2)} after {m.group(3)}")]
    m = _LATE_TIMEOUT.match(text)
    if m:   # issue 34: and after the time-out
        return [_short_names(f"{m.group(1)}: {m.group(2)} after the time-out")]
    m = _NOT_SERVED.match(text)
    if m:   # CD-9: customers nobody served stay in the dining area
        stays = "it stays" if name and " " in name else "it stays a customer"   # (named with colours: room)
        own = _OWN_HIT.search(text)     # another was served: each match needs its own hit (issue 34)
        rule = [OWN_HIT_RULE.format(s=int(own.group(1)) / 1000)] if own else []
        return [f"Nobody served the {name or m.group(1)}: {stays}"] + rule
    m = _PLACING.match(text)
    if m:   # CD-4: the winner hit again while it still placed its card (issue 34)
        return [_short_names(f"{m.group(1)} hit {name or m.group(2)}: too soon, still placing")]
    m = _WRONG_SIP.match(text)
    if m:
        return [_short_names(f"{m.group(1)} sipped, but a customer matched")]
    if "too soon to count" in text:   # CAB-7: what was refused, without the advice for the OLED
        return [_short_names(text.split(": too soon")[0].replace("'s hit came", " hit")
                             .replace("'s cup lift came", " lifted the cup") + ": too soon to count")]
    text = (text.replace(" was slowest to sip: ", " slowest: ").replace(" after the order", "")
            .replace("finished the sip ", "").replace(" after the next slowest", " behind"))
    if text.startswith("Tie"):   # CAB-4: the tie and how it was decided
        head, _, how = text.partition(";")
        head = (head.replace(" slapped within", " within").replace(" hit the same customer within", " within")
                .replace(" of each other", "")
                .replace(" for slowest sip between", ":"))
        flip = re.search(r"coin flip (?:gives the customer to|gives it to|picks) (Player \d)", how)
        text = f"{head}, coin flip: {flip.group(1)}" if flip else head
    return [_short_names(text)]


def _short_names(text: str) -> str:
    """The engine's "Player 3" is "Seat 3" on the cabinet's screens."""
    text = re.sub(r"Players ([\d, ]+) and (\d)",
                  lambda m: "Seats " + ", ".join(re.findall(r"\d", m.group(1))) + " and " + m.group(2), text)
    return re.sub(r"Player (\d)", r"Seat \1", text)


def _result_lines(events: list[str], dining: list[dict[str, Any]] | None = None) -> list[str]:
    """Race result lines (with milliseconds) of the latest order; a
    customer whose figure another one shares (named in the events, or in
    ``dining``, the dining area's faces) is named with its colours."""
    out, rule = [], []
    races = race_events(events)
    causes = _event_causes(races)
    seen: dict[str, set[str]] = {}
    for t in races:
        m = _CUSTOMER.search(t)
        if m and (_SERVED.match(t) or _NOT_SERVED.match(t) or _LATE_HIT.match(t) or _WRONG_AIM.match(t)
                  or _PLACING.match(t)):
            seen.setdefault(m.group(1), set()).add(m.group(0))
    for card in dining or []:
        seen.setdefault(card["figure"], set()).add(f"({card['figure']}, {card['dango']} dango, "
                                                   f"{card['background']} background)")
    alike = {f for f, named in seen.items() if len(named) > 1}     # two customers alike: told apart
    served = {m.group(0) for t in races if _SERVED.match(t) for m in [_CUSTOMER.search(t)] if m}
    for text in races:
        if text.startswith("Order:"):
            out.append("Last " + text.split("!")[0].lower())
        elif " joins the dining area" in text or re.match(r"^Player \d+: choose ", text):
            continue      # the choice itself is shown as it runs (CAB-9), not as a result
        elif (" ms" in text or "VP card" in text or text.startswith("Tie") or _NOT_SERVED.match(text)
              or _WRONG_SIP.match(text) or _WRONG_HIT.match(text) or _WRONG_AIM.match(text)):
            for t in shorten_event(text, alike, name_late=len(served) > 1):
                if not t.startswith(OWN_HIT_RULE.split(";")[0]):   # the rule: once, last
                    out.append(t)
                elif t not in rule:
                    rule.append(t)      # the rule once
    out += rule      # the rule after what happened
    return [keep_units(t) for t in _penalties_first(out, causes)] if len(out) > 1 else []


def _event_causes(events: list[str]) -> dict[str, Any]:
    """Why VP cards went in the latest order, from its event texts (CD-9,
    CD-10): ``wrong`` (seat name -> the VP cards a wrong hit cost),
    ``slowest`` (seat name or None), ``last_sipper`` (the seat that
    finished its sip last, or None), ``none`` (the slowest had no VP card)."""
    causes: dict[str, Any] = {"wrong": {}, "slowest": None, "last_sipper": None, "none": False, "sip_tie": None}
    latest = -1
    for text in events:
        m = re.match(r"^Tie for slowest sip between (Players [\d, ]+ and \d+); a coin flip picks (Player \d+)", text)
        if m:      # CAB-4: the slowest sipper was drawn among the tied seats
            causes["sip_tie"] = (_short_names(m.group(2)), re.findall(r"\d+", m.group(1)))
        m = _WRONG_COST.match(text)
        if m:      # CD-12: a wrong hit costs nothing more unless the game sets a cost
            causes["wrong"][_short_names(m.group(1))] = int(m.group(2) or 0)
        m = re.match(r"^(Player \d+) was slowest to sip", text)
        if m:
            causes["slowest"] = _short_names(m.group(1))
        m = re.match(r"^(Player \d+) sipped \((\d+) ms after the order\)", text)
        if m and int(m.group(2)) >= latest:
            latest, causes["last_sipper"] = int(m.group(2)), _short_names(m.group(1))
        if text.endswith(" has no VP card to lose"):
            causes["none"] = True
    return causes


def _record_causes(last: dict[str, Any]) -> dict[str, Any]:
    """:func:`_event_causes` from the game's record (``last_race``)."""
    cost = last.get("wrong_hit_vp_cards", 4)
    sipped = [(t, s) for s, t in enumerate(last.get("sipped_us") or [])
              if t is not None and s not in (last.get("wrong_hits") or [])]
    slowest = last.get("slowest")
    return {"wrong": {f"Seat {s + 1}": cost for s in last.get("wrong_hits") or []},
            "slowest": None if slowest is None else f"Seat {slowest + 1}",
            "last_sipper": f"Seat {max(sipped)[1] + 1}" if sipped else None,
            "none": slowest is not None and not any(p["player"] == slowest for p in last.get("placed_vp") or [])}


def _loss_line(seat: str, lost: int, causes: dict[str, Any]) -> str:
    """``seat``'s VP cards lost with their causes: "Seat 3: 4 VP cards for a
    wrong hit, 1 as slowest to sip" (CD-9, CD-10); "(all it had)" when it
    held fewer than it owed."""
    cost, slow = causes["wrong"].get(seat) or None, causes["slowest"] == seat   # 0: the hit cost nothing more
    if cost is not None and slow:
        if lost >= cost + 1:
            return f"{seat}: {plural(cost, 'VP card')} for a wrong hit, 1 as slowest to sip"
        return f"{seat}: {plural(lost, 'VP card')} (all it had) for a wrong hit and as slowest to sip"
    if cost is not None:
        return f"{seat}: {plural(lost, 'VP card')}{'' if lost >= cost else ' (all it had)'} for a wrong hit"
    if slow:
        return f"{seat}: {plural(lost, 'VP card')} as slowest to sip{_coin_flip(seat, causes)}"
    return f"{seat} lost {plural(lost, 'VP card')}"


def _coin_flip(seat: str, causes: dict[str, Any]) -> str:
    """" (a coin flip in a tie with Seat 1)" when ``seat`` was drawn the
    slowest sipper among tied seats (CAB-4), else ""."""
    tie = causes.get("sip_tie")
    if not tie or tie[0] != seat:
        return ""
    others = [f"Seat {n}" for n in tie[1] if f"Seat {n}" != seat]
    return f" (a coin flip in a tie with {' and '.join(others)})" if others else ""


def _hitter_is_slowest(causes: dict[str, Any]) -> str:
    """When a wrong hitter counts as the slowest sipper (CD-9: a wrong hit
    is no sip), the seat that sipped last keeps its cards: said, or ""."""
    slow, sipper = causes["slowest"], causes["last_sipper"]
    if slow is None or slow not in causes["wrong"] or sipper is None:
        return ""
    gives = "it has no VP card to give, and" if causes["none"] else "it gives the card, and"
    return f"{slow} hit, but nothing matched, so {slow} counts as slowest: {gives} {sipper}, last to sip, keeps its cards"


def _penalties_first(lines: list[str], causes: dict[str, Any] | None = None) -> list[str]:
    """Result lines with each seat's VP cards lost counted on one line
    ("Seat 1 lost 3 VP cards") and, after the order, the penalties and their
    causes first: the panel drops its last lines when they do not fit, and
    a loss must never lose its reason (issue 34)."""
    lost: dict[str, int] = {}
    rest: list[str] = []
    for t in lines:
        m = re.match(r"^(Seat \d+) lost a VP card$", t)
        if m:
            if m.group(1) not in lost:
                rest.append(m.group(1))
            lost[m.group(1)] = lost.get(m.group(1), 0) + 1
        else:
            rest.append(t)
    causes = causes or {"wrong": {}, "slowest": None, "last_sipper": None, "none": False, "sip_tie": None}
    told = {t for t in lost if t in causes["wrong"]}      # the loss line names the wrong hit
    rest = [_loss_line(t, lost[t], causes) if t in lost else t for t in rest
            if t.split(":")[0] not in told or not t.endswith("wrong hit, nothing matched")]
    if causes.get("sip_tie") and causes["sip_tie"][0] in lost:   # the loss line tells the tie and the slowest
        rest = [t for t in rest if not t.startswith("Tie: ") or " within " in t]
        rest = [t for t in rest if not t.startswith(f"{causes['sip_tie'][0]} slowest: ")]
    why = _hitter_is_slowest(causes)
    if why:      # the hit is told once, with what it did
        rest = [t for t in rest if not t.endswith(" has no VP card to lose")
                and t != f"{causes['slowest']}: wrong hit, nothing matched"] + [why]
    head = [t for t in rest if t.startswith("Last order")]
    bad = [t for t in rest if t not in head and (" lost " in t or "wrong hit" in t or "VP card" in t
                                                  or t.startswith("Time up") or t == why)]
    return head + bad + [t for t in rest if t not in head and t not in bad]


def keep_units(text: str) -> str:
    """``text`` with a no-break space between each number and its unit
    ("222 ms" never wraps as "222 / ms")."""
    return _UNIT.sub("\\1\u00a0\\2", text)


def _record_lines(view: dict[str, Any]) -> list[str]:
    """The last race's result from the game's own record (``last_race``),
    for when the runtime has no event texts of it (after ``cabinet
    resume``): the order, who served whom and when, customers nobody
    served, wrong sips and hits, the slowest sipper, VP cards placed."""
    last = view.get("last_race")
    if not last:
        return []
    from engines.cha_dango.cards import load_cards
    cards = load_cards().cards
    order = last["order"]
    out = [f"Last order: {order_words(order['attribute'], order['value'])}"]
    won = {w["card"] for w in last.get("won") or []}
    out += [f"Seat {w['player'] + 1} served {cards[w['card']].figure}: {ms_text(w['t_us'] - last['open_us'])}"
            for w in last.get("won") or []]
    out += [f"Nobody served the {cards[c].figure}: it stays a customer"
            for c in last.get("customers") or [] if c not in won]
    out += [f"Seat {s + 1} sipped, but a customer matched" for s in last.get("wrong_sips") or []]
    hit = last.get("wrong_hit_cards") or [None] * len(last.get("answers") or [])
    out += [f"Seat {s + 1}: wrong hit, the {cards[hit[s]].figure} did not match"   # CD-12
            if last.get("matched") and s < len(hit) and hit[s] is not None else f"Seat {s + 1}: wrong hit, nothing matched"
            for s in last.get("wrong_hits") or []]
    if last.get("slowest") is not None:
        out.append(f"Seat {last['slowest'] + 1} was slowest to sip")
    out += [f"Seat {p['player'] + 1} lost a VP card" for p in last.get("placed_vp") or []]
    return [keep_units(t) for t in _penalties_first(out, _record_causes(last))]


def result_lines(view: dict[str, Any], events: list[str]) -> list[str]:
    """The last race's result lines: from the event texts (with margins and
    ties), else rebuilt from the game's record (ruling CAB-7: the result
    stays on screen, also after a resume)."""
    lines = _result_lines(events, view.get("dining_area"))
    if not lines:
        return _record_lines(view)
    if not any(t.startswith("Last order") for t in lines):   # its text left the runtime's last events
        lines = _record_lines(view)[:1] + lines
    return lines


def _seat_result(events: list[str], seat: int, owe: int = 0) -> str | None:
    """"+1 VP card" / "lost a VP card" for ``seat`` from the latest order's
    events (CD-4, CD-6); ``owe``: VP cards the seat must still place (the
    slowest sipper MUST place one: "slowest: give 1 VP card", or "slowest: had
    no VP card" when it had none)."""
    who = re.compile(rf"^{seat_name(seat)}\b")
    won = lost = 0
    slowest = wrong = none = wrong_sip = False
    gave = late = None
    for text in race_events(events):
        if not who.match(text):
            continue
        if " served the customer" in text:
            won += 1
        elif " places a VP card" in text or " chooses a VP card" in text:
            lost += 1
        elif "'s time to choose was up" in text:   # CAB-9: which card went, said
            lost += 1
            m = _TIME_UP.match(text)
            gave = f"{m.group(2)} {m.group(3)}/{m.group(4)}" if m else ""
        elif "a wrong hit" in text:
            wrong = True
        elif " was slowest to sip" in text:
            slowest = True
        elif " has no VP card to lose" in text:
            none = True
        elif _WRONG_SIP.match(text):
            wrong_sip = True
        elif _LATE.match(text):   # play-test g2b: by how much, as in a race of two customers alike
            m = _LATE.match(text)
            late = _short_names(f"{m.group(3)} was first, +{m.group(2)}")
        elif _LATE_TIMEOUT.match(text):   # issue 34: after the time-out, told the same way
            late = f"time was up, +{_LATE_TIMEOUT.match(text).group(2)}"
        elif _LATE_HIT.match(text):   # CD-12: another seat served its customer first
            m = _LATE_HIT.match(text)
            late = _short_names(f"{m.group(4)} was first, +{_margin_words(m.group(5))}")
    if won:     # the rulebook's word (issue 34: "VP" on the bars, "cards" on the OLED)
        return f"+{plural(won, 'VP card')}"
    if gave is not None:
        return f"time up: gave {gave}".strip()
    if lost:
        if wrong:
            return f"wrong hit: -{plural(lost, 'VP card')}"
        return "lost a VP card" if lost == 1 else f"lost {lost} VP cards"
    if wrong:
        return "wrong hit!"
    if slowest:
        return ("slowest: had no VP card" if none else f"slowest: give {plural(owe, 'VP card')}" if owe
                else "slowest to sip")
    if wrong_sip:   # CD-9: a customer matched, the sip won nothing
        return "sipped: it matched"
    if late:        # issue 34: the hit came after the race was decided (or timed out)
        return f"too late: {late}" if " was first" in late or " was up" in late else f"too late: {late} was first"
    return None


def record_result(view: dict[str, Any], seat: int) -> str | None:
    """``seat``'s result of the last race from the game's record, for when
    its event texts are gone (after a resume, or pushed out): "+1 VP card",
    "wrong hit: -4 VP cards", "wrong hit!", "sipped: it matched"; None when
    there is nothing to say."""
    last = view.get("last_race")
    if not last:
        return None
    won = [w for w in last.get("won") or [] if w["player"] == seat]
    lost = [p for p in last.get("placed_vp") or [] if p["player"] == seat]
    if won:
        return f"+{plural(len(won), 'VP card')}"
    if seat in (last.get("wrong_hits") or []):
        return f"wrong hit: -{plural(len(lost), 'VP card')}" if lost else "wrong hit!"
    if lost:
        return plural(len(lost), "VP card") + " lost"
    if seat in (last.get("wrong_sips") or []):
        return "sipped: it matched"
    return None


def _too_soon(events: list[str], seat: int) -> str:
    """"hit" / "lift" when ``seat``'s last input of the open race (a hit, a
    cup lift) was refused as too soon after the order (CAB-7) and it has
    not answered since; "" otherwise."""
    soon = ""
    for t in race_events(events):
        if t.startswith(f"{seat_name(seat)}'s ") and "too soon" in t:
            soon = "lift" if "'s cup lift" in t else "hit"
        elif t.startswith(f"{seat_name(seat)} ") and soon:
            soon = ""
    return soon


# ------------------------------------------------------ first-game walkthrough
def walkthrough_words(game, seat: int, view: dict[str, Any], shown, context: dict[str, Any]) -> Any:
    """The first-game walkthrough's words for ``seat``: reveal the order on
    its turn (not while the last result stays up, CAB-7), answer the order
    in the race (hit if a customer matches, sip if none does, CD-9: the
    words never say which), place a VP card it owes (CD-10); None when the
    game is not waiting for it (or it has answered)."""
    from firmware.screens.walkthrough import Words, oled_words, todo_words
    phase = view.get("phase")
    if shown.button is not None:      # aiming ahead beside its reveal (CD-12): the words are the button's
        shown = type(shown)([shown.button], 0, False)
    if phase == "reveal" and view.get("current") == seat and shown.choices:
        if str(context.get("banner") or "").startswith("next"):
            return None
        return Words("it is your turn to reveal the next order",
                     todo_words(shown, {"reveal": "the order"}, {"reveal": "turn over the order card"}),
                     oled_words(shown, {"reveal": "reveal"}))
    if phase == "race":
        answers = (view.get("race") or {}).get("answers") or []
        if seat < len(answers) and answers[seat] is not None:
            return None
        if (view.get("cups_up") or [False] * (seat + 1))[seat]:
            return Words("an order is up", "put your cup down on its coaster first (a sip starts from there)",
                         ("put your cup down", "cup down"))
        if (view.get("buttons_down") or [False] * (seat + 1))[seat]:
            return Words("an order is up", "let go of your button, then hit it if a customer matches",
                         ("let go, then hit", "let go"))
        return Words("an order is up",   # ruling CD-12: a hit lands on the customer under the seat's cursor
                     "does a customer match it? If one does, move your cursor onto it with the arrows and hit "
                     "your button first; if none does, lift your cup as if to sip",
                     ("aim at it, hit; none: sip", "aim, hit or sip?"))
    if phase == "place_vp" and (view.get("must_place") or [0] * (seat + 1))[seat] > 0 and shown.choices:
        return Words("you give up a VP card to the dining area",
                     todo_words(shown, {"place_vp": "which VP card"}, {"place_vp": "place it in the dining area"}),
                     oled_words(shown, {"place_vp": "place"}))
    return None


def first_round(game) -> bool:
    """True until every seat has revealed one order and its race (with
    any VP cards owed) is over: one turn around the table."""
    from engines.cha_dango.cards import load_cards
    view = game.view(None)
    revealed = len(load_cards().ordering_ids()) - int(view.get("deck_count") or 0)
    return revealed < game.num_players or (revealed == game.num_players and view.get("phase") != "reveal")
