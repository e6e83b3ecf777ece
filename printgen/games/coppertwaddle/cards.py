"""The Coppertwaddle deck compiled for the simulator: kinds, Powers and ability records as ints.

Why a compile step: the simulator plays each card's ability *record* (printgen.model.abilities.Ability),
never its name, so a designer who changes a Power or an effect in deck.yaml changes the game with
no Python edit. Compiling once per run turns every record into small tuples the rules read fast,
and refuses, in plain words and at the card's line, a record the simulator could never play (a
Favour without an ability, a 'promote' aimed at a Noble, a Declaration meant for the Challenging
stage...).

The game options (each the project's reading of a question the seed leaves open, with the other
reading one option away) are checked here too.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from printgen.files.errors import UserError
from printgen.sim.options import Option, read_options

if TYPE_CHECKING:      # imported where a raw ability is checked: a deck from the cache holds records
    from printgen.model.abilities import Ability

# card kinds
NOBLE, PEASANT, WIND, FAVOUR, DECLARATION = range(5)
KIND_NAMES = ("Noble", "Peasant", "Wind", "Favour", "Declaration")
THRELMS = (NOBLE, PEASANT, WIND)

# stages where a player may decide something (abilities name the first three)
CHALLENGING, EN_GARDE, ROBBING = range(3)
# further states of a game: answering a card being played, choosing cards to discard, the end, the
# Respite (whose discards come back to it); and the decision that is always there but in a choice
RESPOND, CHOOSE, OVER, RESPITE = 3, 4, 5, 6
STAGE_NAMES = ("Challenging", "En Garde", "Robbing", "answering a card", "choosing a card", "over",
               "the Respite")
PASS = 0
STAGE_CODES = {"challenging": CHALLENGING, "en_garde": EN_GARDE, "robbing": ROBBING}

# how an ability is used, and what it costs
USE_FAVOUR, USE_DECLARATION, USE_ABILITY = range(3)
COST_NONE, COST_COVER, COST_DISCARD = range(3)

# how long an effect lasts
UNTIL_ROBBING, UNTIL_TURN, PERMANENT = range(3)
UNTIL_CODES = {"robbing": UNTIL_ROBBING, "turn": UNTIL_TURN, "permanent": PERMANENT, None: PERMANENT}

# targets
SIDE_OWN, SIDE_OPPONENT, SIDE_EITHER = range(3)
T_NOBLE, T_PEASANT, T_THRELM, T_WIND, T_CARD = range(5)
S_PROUD, S_COVERED, S_PRESSED, S_ANY = range(4)
SIDE_CODES = {"own": SIDE_OWN, "opponent": SIDE_OPPONENT, "either": SIDE_EITHER}
TKIND_CODES = {"noble": T_NOBLE, "peasant": T_PEASANT, "threlm": T_THRELM, "wind": T_WIND, "card": T_CARD}
STATE_CODES = {"proud": S_PROUD, "covered": S_COVERED, "pressed": S_PRESSED, "any": S_ANY}

# effects
(E_POWER, E_NEGATE, E_COVER, E_MAKE_PROUD, E_RELEASE, E_PROTECT, E_PROMOTE, E_COUNTER, E_DRAW, E_DISCARD,
 E_RETURN, E_DESTROY) = range(12)
EFFECT_CODES = {"power": E_POWER, "negate": E_NEGATE, "cover": E_COVER, "make_proud": E_MAKE_PROUD,
                "release": E_RELEASE, "protect": E_PROTECT, "promote": E_PROMOTE, "counter": E_COUNTER,
                "draw": E_DRAW, "discard": E_DISCARD, "return": E_RETURN, "destroy": E_DESTROY}

# the game options, each with its default (the rule sheet's reading) and what it means
OPTIONS = (
    Option("hand", range(1, 11), 4, "cards each player draws before the first turn (the rule sheet: 4)"),
    Option("limit", range(1, 11), 4, "the most cards a hand may keep after the Respite (the seed: 4)"),
    Option("rob_full", ("vacant", "midden"), "vacant",
           "vacant: a robbing may only target a Threlm whose Rank has a vacant Ditch in the robber's "
           "Domain (the rule sheet); midden: any Threlm, and one robbed into a full Rank goes to the Midden"),
    Option("scale", ("upper", "lower"), "upper",
           "upper: a score of exactly 20 is Ordinary and 50 Triumphal (the rule sheet); lower: 20 is a "
           "Miserae and 50 Ordinary"),
    Option("suite_ties", ("nobody", "both"), "nobody",
           "nobody: a shared highest score or total gives nobody the Suite point (the rule sheet); "
           "both: each player gets it"),
    Option("hands", None, [3, 4, 5, 6],
           "the starting hands `printgen validate` compares (a list such as 3,4,5,6; 'none' to skip)",
           read=lambda value: _hand_list(value)),       # defined below, read when an option is given
    Option("covered_support", ("no", "yes"), "no",
           "no: a covered Threlm (a Wind lying alone included) beside or below the target adds "
           "nothing to the defence; yes: it adds its Power (the seed does not say)"),
    Option("robbing", ("after", "any"), "after",
           "after: one robbing a turn, announced once the Guardian's other En Garde plays are done, and it ends En "
           "Garde (the rule sheet); any: the robbing is one of En Garde's actions, taken at any point, and En Garde "
           "goes on after it (the seed's order; still one robbing a turn)"),
    Option("robbers", ("proud", "positive"), "proud",
           "proud: any Proud Threlm of the Guardian's whose support is not negated may rob, a Wind lying alone "
           "included (the rule sheet); positive: only Threlms in a Ditch whose Power is above 0"),
    Option("negated", ("all", "power"), "all",
           "all: a negated Threlm's abilities are all off, as Compass says (the rule sheet); power: only those "
           "that change another Threlm's Power (a power or negate effect), as the seed's rule of support says"),
    Option("wind_alone", ("fills", "blocks"), "fills",
           "fills: a Wind lying alone in a Peasant Ditch fills it (Power 0) toward a full Domain; "
           "blocks: that Ditch can never count toward a full Domain"),
    Option("explain", ("yes", "no"), "yes",
           "yes: `printgen validate` replays games to tell findings of the deck from the bots' play (a "
           "strong card with the other bots, a dead card watched for whether it could be played); no: skip "
           "that (faster)"),
    Option("watch", ("no", "yes"), "no",
           "yes: record which cards could have been played (slower; `printgen validate` turns it on for a "
           "few hundred games to tell a card that is rarely playable from one the bots choose not to play)"),
)
MEANING = {option.name: option.meaning for option in OPTIONS}


class Spec:
    """One ability record as the rules read it (all ints and tuples)."""

    __slots__ = ("use", "stages", "out_of_turn", "cost", "side", "tkind", "tstate", "other", "effects",
                 "counter", "touches_power", "has_target", "needs_pressed", "needs_unpressed", "promote", "lifts",
                 "lasting", "simple", "text", "per_side", "tsig", "tkey", "sides")

    def __init__(self, ability: Ability, text: str):
        self.use = {"favour": USE_FAVOUR, "declaration": USE_DECLARATION, "ability": USE_ABILITY}[ability.use]
        self.stages = (CHALLENGING, EN_GARDE, ROBBING) if ability.when == "any" else (STAGE_CODES[ability.when],)
        self.out_of_turn = ability.out_of_turn
        self.cost = {"none": COST_NONE, "cover_self": COST_COVER, "discard": COST_DISCARD}[ability.cost]
        target = ability.target
        self.has_target = target is not None
        self.side = SIDE_CODES[target.side] if target else SIDE_EITHER
        self.tkind = TKIND_CODES[target.kind] if target else T_THRELM
        self.tstate = STATE_CODES[target.state] if target else S_ANY
        self.other = bool(target.other) if target else False
        self.effects = tuple((EFFECT_CODES[e.do], e.amount or 0, UNTIL_CODES[e.until]) for e in ability.effects)
        codes = [e[0] for e in self.effects]
        self.counter = E_COUNTER in codes
        # changes the Power of the Threlm it aims at (raises, lowers or negates it): what the seed's rule
        # of support switches off in a negated Threlm (the option negated=power)
        self.touches_power = E_POWER in codes or E_NEGATE in codes
        # effects that only make sense on some targets narrow the targets they are offered
        self.needs_pressed = E_RELEASE in codes
        self.needs_unpressed = E_MAKE_PROUD in codes and E_RELEASE not in codes
        self.promote = E_PROMOTE in codes
        self.lifts = E_RETURN in codes or E_DESTROY in codes     # takes its target off the table
        # does anything outside a robbing (not only Power or negation or protection until it ends)
        self.lasting = any(code not in (E_POWER, E_NEGATE, E_PROTECT, E_COUNTER) or until == PERMANENT
                           for code, _, until in self.effects)
        # worth the same on every target of one side (the greedy bot values each side once)
        self.per_side = not any(code in (E_PROTECT, E_RETURN, E_DESTROY) for code in codes)
        self.simple = self.tstate == S_PROUD and not (self.needs_pressed or self.needs_unpressed or self.promote)
        self.text = text
        side = self.side       # the Domains a target is looked for in, by user: own first
        self.sides = tuple((u,) if side == SIDE_OWN else (1 - u,) if side == SIDE_OPPONENT else (u, 1 - u)
                           for u in (0, 1))
        self.tsig = 0          # records that aim alike share a number (Prepared sets it) ...
        self.tkey = 0          # ... and the memo key of their targets (abilities.target_key)

    def aim(self) -> tuple:
        """Everything the choice of targets depends on: equal for two records, equal targets."""
        return (self.has_target, self.side, self.tkind, self.tstate, self.other, self.needs_pressed,
                self.needs_unpressed, self.promote, self.simple)


class Prepared:
    """The deck for the rules: per card index its kind, printed Power and compiled ability."""

    def __init__(self, names: list[str], kinds: list[int], powers: list[int], specs: list[Spec | None],
                 options: dict[str, Any]):
        self.names = names
        self.n = len(names)
        self.kind = kinds
        self.power = powers
        self.spec = specs
        self.options = options
        self.hand = options["hand"]
        self.limit = options["limit"]
        self.hands = options["hands"]
        self.rob_full_vacant = options["rob_full"] == "vacant"
        self.scale_upper = options["scale"] == "upper"
        self.suite_ties_both = options["suite_ties"] == "both"
        self.covered_support = options["covered_support"] == "yes"
        self.wind_fills = options["wind_alone"] == "fills"
        self.rob_any = options["robbing"] == "any"
        self.robbers_positive = options["robbers"] == "positive"
        # per card: does a negation switch its ability off (negated=all: every ability; power: one
        # that changes another Threlm's Power, E_POWER or E_NEGATE)
        every = options["negated"] == "all"
        self.silenced = [every or (spec is not None and spec.touches_power) for spec in specs]
        self.watch = options["watch"] == "yes"
        self.explain = options["explain"] == "yes"
        self.groups = [KIND_NAMES[k] for k in kinds]
        self.counters = [c for c, spec in enumerate(specs) if spec is not None and spec.counter]
        self.threlm = [k in THRELMS for k in kinds]
        self.rank = [k if k in (NOBLE, PEASANT) else -1 for k in kinds]     # a game's first ranks
        # action numbering: PASS, then PLAY(card, target code), USE(threlm, target code), DISCARD(card), ROB
        self.codes = self.n + 1 + 8            # 0 none, 1 + card, n + 1 + player * 4 + peasant ditch
        self.play_base = 1
        self.use_base = self.play_base + self.n * self.codes
        self.disc_base = self.use_base + self.n * self.codes
        self.rob_base = self.disc_base + self.n
        self.n_actions = self.rob_base + self.n * 256
        self.subsets: dict = {}       # robber sets by the robbers' Powers: a cache for the rules
        aims: dict[tuple, int] = {}   # targets found for one record serve every record aiming alike
        for spec in specs:
            if spec is not None:
                spec.tsig = aims.setdefault(spec.aim(), len(aims))
                spec.tkey = spec.tsig << 8          # room for (card + 1) << 1 | user below it
        # what the rules ask of a card again and again, answered once from its record: may it be
        # played from the hand / its ability used in stage s (costs and targets aside)
        stages = (CHALLENGING, EN_GARDE, ROBBING)
        self.from_hand = [[kind in (FAVOUR, DECLARATION) and spec is not None and not spec.counter and s in spec.stages
                           and (kind != DECLARATION or s == EN_GARDE) for kind, spec in zip(kinds, specs)]
                          for s in stages]
        self.ability_in = [[spec is not None and not spec.counter and s in spec.stages for spec in specs]
                           for s in stages]
        self.discard_cost = [s is not None and s.cost == COST_DISCARD for s in specs]
        self.lasting = [s is not None and s.lasting for s in specs]
        self.bearer = [s is not None and not s.counter for s in specs]     # an ability used on its own
        self.places: dict[str, dict[str, Any]] = {}     # card name -> field -> Where (compile_deck fills it)


def _kind_of(card) -> int:
    group = card.values.get("kind")
    name = (getattr(group, "name", None) or str(group or "")).lower()
    for code, word in enumerate(("noble", "peasant", "wind", "favour", "declaration")):
        if word in name:
            return code
    raise UserError(f"the card '{card.name}' has kind {getattr(group, 'name', group)!r}; Coppertwaddle knows "
                    "Noble, Peasant and Wind Threlms, Favours and Declarations", card.where,
                    "give it a kind whose name says Noble, Peasant, Wind, Favour or Declaration")


def _field_where(deck, card, name: str):
    """The line of one field of a card in deck.yaml (the card's own line if unknown)."""
    where = card.where
    source = getattr(deck, "source", None)
    cards = source.data.get("cards") if source is not None and isinstance(source.data, dict) else None
    if isinstance(cards, list):
        for i in range(len(cards)):          # the card's entry in the file (copies share one)
            if deck.where("cards", i).line == card.where.line:
                found = deck.where("cards", i, name)
                if found.line is not None:
                    where = found
                break
    return replace(where, card=card.name, field=name)


def _refuse(deck, card, message: str, hint: str) -> UserError:
    where = _field_where(deck, card, "ability")
    return UserError(f"the simulator cannot play the ability of '{card.name}': {message}", where, hint)


def _check_playable(deck, card, kind: int, ability: Ability) -> None:
    """Refuse a record the rules could never carry out, rather than silently ignoring the card."""
    use = ability.use
    expected = {FAVOUR: "favour", DECLARATION: "declaration"}.get(kind, "ability")
    if use != expected:
        raise _refuse(deck, card, f"a {KIND_NAMES[kind]} card is used as '{expected}', but its record says '{use}'",
                      f"write 'use: {expected}'")
    if use == "declaration" and ability.when not in ("any", "en_garde"):
        raise _refuse(deck, card, f"Declarations are laid only En Garde, never '{ability.when}'",
                      "write 'when: en_garde' or leave 'when' out")
    target = ability.target
    for effect in ability.effects:
        do = effect.do
        if target is None:
            continue
        if do == "make_proud" and target.state == "proud":
            raise _refuse(deck, card, "'make_proud' aimed at a proud Threlm could never do anything",
                          "give the target 'state: covered'")
        if do == "release" and target.state in ("proud",):
            raise _refuse(deck, card, "'release' frees a pressed Threlm, but the target is proud",
                          "give the target 'state: pressed'")
        if do == "release" and target.kind in ("noble", "wind"):
            raise _refuse(deck, card, f"only Peasants can be pressed, so 'release' cannot aim at a {target.kind}",
                          "give the target 'kind: peasant'")
        if do == "cover" and target.state in ("covered", "pressed"):
            raise _refuse(deck, card, "'cover' aimed at a Threlm that is already covered could never do anything",
                          "give the target 'state: proud'")
        if do == "promote" and target.kind in ("noble", "wind"):
            raise _refuse(deck, card, f"'promote' makes a Peasant a Noble, but the target is a {target.kind}",
                          "give the target 'kind: peasant'")
    if ability.cost == "cover_self" and kind not in THRELMS:
        raise _refuse(deck, card, "only a Threlm can cover itself", "use 'cost: discard' or 'cost: none'")


def _hand_list(value: Any) -> list[int]:
    if value in ("none", "", None):
        return []
    values = value if isinstance(value, list) else [value]
    if not values or any(isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 10 for v in values):
        raise UserError(f"-O hands={value}: list starting hands from 1 to 10, such as hands=3,4,5,6, or hands=none",
                        hint=MEANING["hands"])
    return sorted(set(values))


def compile_deck(deck, options: dict[str, Any]) -> Prepared:
    """Read the deck's cards (kind, power, ability) into a Prepared; refuse what cannot be played."""
    from printgen.model.abilities import describe

    chosen = read_options("Coppertwaddle", OPTIONS, "basic", options)
    names, kinds, powers, specs = [], [], [], []
    places: dict[str, dict[str, Any]] = {}        # where each card's power and ability are written, for advice
    for card in deck.cards:
        kind = _kind_of(card)
        places.setdefault(card.name, {key: _field_where(deck, card, key) for key in ("power", "ability")})
        origin = card.values.get("provenance")          # where the card's values come from, if the deck says
        if getattr(origin, "note", None):
            places[card.name]["provenance"] = origin
        power = card.values.get("power")
        if kind in THRELMS:
            if isinstance(power, bool) or not isinstance(power, (int, float)) or int(power) != power:
                where = _field_where(deck, card, "power")
                raise UserError(f"the Threlm '{card.name}' needs a whole-number Power (it has {power!r})", where,
                                "add for example 'power: 3'")
            power = int(power)
        else:
            power = 0
        ability = card.values.get("ability")
        spec = None
        if ability is not None:
            if isinstance(ability, dict):       # a checked model, or its record from the cache, is used as it is
                from printgen.model.abilities import Ability

                ability = Ability.model_validate(ability)
            _check_playable(deck, card, kind, ability)
            spec = Spec(ability, describe(ability))
        elif kind in (FAVOUR, DECLARATION):
            raise _refuse(deck, card, f"a {KIND_NAMES[kind]} without an ability does nothing when played",
                          "give it an 'ability:' record (see printgen/model/abilities.py)")
        names.append(card.name)
        kinds.append(kind)
        powers.append(power)
        specs.append(spec)
    if len(names) > 62:
        raise UserError(f"the Coppertwaddle simulator plays decks of at most 62 cards; this deck has {len(names)}",
                        deck.where("cards"), "leave some cards out with a pack")
    for kind, need in ((NOBLE, 4), (PEASANT, 4)):
        have = kinds.count(kind)
        if have < need:
            raise UserError(f"Coppertwaddle needs at least {need} {KIND_NAMES[kind]} Threlms to fill a Rank; this "
                            f"deck has {have}", deck.where("cards"), "add more Threlms of that Rank")
    prepared = Prepared(names, kinds, powers, specs, chosen)
    prepared.places = places
    return prepared
