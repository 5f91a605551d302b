"""Generate boardwright's original Runebound (2nd edition) base-game cards.

The published card texts and stats are not available and must not be copied: every hero, adventure
card and market card below is our own design, with only the structure the research notes describe
kept (12 heroes; 84 adventure cards in four colours; 84 market cards of weapons, armour, artifacts,
runes and allies; High Lord Margath and his Dragonlords). The script is deterministic and its
design rules are plain Python, so rebalancing is: change a number, rerun, review the diff.

Design rules
------------
* **One yardstick, in gold.** :func:`effect_value` prices every effect primitive in gold pieces
  (``+1 mind when attacking`` = 1.5, ``+1 damage`` = 3, ``1 wound healed`` = 1.5, ...).
  :func:`ability_value` multiplies by how often the timing lets it fire (``TIMING``), halves it
  for one-shot cards (``cost.discard``) and subtracts what using it costs (exhaustion 0.6, wound
  1.5, gold 1 each).
* **Hero power budget** (:func:`hero_budget`)::

      budget = 2.5 * life + 1.5 * stamina
             + sum over mind/body/spirit of (2.0 * value + 3.0 * damage)
             + 0.6 * (sum of skill bonuses)
             + sum of ability_value(ability)

  The budget was the starting point of every hero (a hero with stronger abilities pays for
  them with weaker numbers). It does not price what simulation showed to matter most, above
  all melee damage (one point of body damage moves a hero's win rate by about 25 points), so
  the heroes' final numbers come from ``tools/runebound_balance.py`` (docs/balance.md), not
  from an equal budget.
* **Market price** (:func:`market_value`, :func:`price`): an item is worth the sum of its
  abilities; an ally is worth ``ALLY_RATE * (stat line - ALLY_FLOOR)`` (the hero formula above
  without abilities, scaled down: allies are limited to two and fight only beside a hero) plus
  its abilities. The printed cost is that value rounded (half up), never below 1, so cost = f(power)
  by construction; ``check_market`` asserts each kind stays inside its cost band.
* **Challenge strength by colour** (``SCALES``): each challenge names a rank 0..4 within its
  colour and, for each combat step it fights in, an offset -1..+1 from the base value of that
  rank. The base runs from one above the colour's lowest value to one below its highest, so with
  offsets every step stays inside the band (green 8-12, yellow 11-14, blue 11-15, red 12-16).
  Life and gold reward scale the same way (with optional offsets); damage scales rounded down, so
  ``heavy`` steps (+1 damage) stand out; encounter tests take a level 0..2 above the colour's
  lowest difficulty. An offset that would leave its band is a design error, not silently clamped.
* **Texts are generated from the effects** (:func:`describe_ability`), so a card's one-line text
  always says what its data does.

Hooks needing engine support: none (every ability uses the effect primitives).

Usage: python tools/generate_runebound_cards.py [--report]
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tools/ is not a package
from content_kit import Flow, FlowList, Record, records_yaml, stat_line

OUT = Path(__file__).resolve().parents[1] / "src" / "boardwright" / "content" / "runebound" / "base"

HOOKS: tuple[str, ...] = ()  # hook names used by the cards (each needs a Python rule)


# --- the value yardstick (gold pieces) ------------------------------------------------------------
STAT_ATTACK = 1.5  # +1 mind/body/spirit when attacking
STAT_DEFEND = 1.0  # +1 when defending
STAT_ALWAYS = 2.0  # +1 always (a hero's printed value)
DAMAGE = 3.0  # +1 damage (per printed damage point, or per bonus when attacking)
ARMOUR = 2.5  # +1 armour
LIFE = 2.5
STAMINA = 1.5
MOVEMENT_DIE = 3.0
TEST_ANY = 1.0  # +1 to every skill test
TEST_SKILL = 0.6  # +1 to tests of one skill (and per point of a hero's skill bonus)
DAMAGE_ENEMY = 2.5  # per wound dealt outright
HEAL_WOUND = 1.5
HEAL_EXHAUSTION = 0.75
HEAL_TARGET = {"hero": 1.0, "ally": 1.0, "party": 1.5}
EXTRA_HEX = 3.0
REROLL = 2.5
REDUCE_DAMAGE = 2.5
EXPERIENCE = 3.0
DRAW_MARKET = 1.0
TELEPORT = {"tamalir": 2.5, "nearest_city": 2.5, "any_city": 4.0}
REPLENISH = 0.5  # per colour (it helps every player)

TIMING: dict[str, float] = {  # how much of an effect's worth a timing delivers
    "passive": 1.0,
    "activate": 0.9,
    "before_movement": 1.0,
    "after_movement": 1.0,
    "before_combat": 1.0,
    "combat_step": 1.0,
    "after_combat": 1.0,
    "market": 0.8,
    "event": 1.0,
    "while_in_play": 1.0,
}
DISCARD = 0.5  # a one-shot card delivers half
COST_EXHAUSTION = 0.6
COST_WOUND = 1.5
COST_GOLD = 1.0

ALLY_RATE = 0.18
ALLY_FLOOR = 8.0

PRICE_BANDS: dict[str, tuple[int, int]] = {
    "weapon": (2, 10),
    "armour": (2, 9),
    "artifact": (1, 10),
    "rune": (3, 9),
    "ally": (1, 10),
}


def round_half_up(value: float) -> int:
    return math.floor(round(value, 6) + 0.5)


def _n(data: Mapping[str, Any], key: str) -> int:
    """The whole number at ``key`` (0 when absent or None)."""
    return int(data.get(key) or 0)


def effect_value(effect: Mapping[str, Any]) -> float:
    """What one effect is worth in gold (negative for harm and paying gold)."""
    do = effect["do"]
    if do == "modify":
        stat, amount = effect["stat"], effect["amount"]
        when = effect.get("when") or "always"
        if stat in ("mind", "body", "spirit"):
            per = {"attack": STAT_ATTACK, "defend": STAT_DEFEND, "always": STAT_ALWAYS}[when]
        elif stat == "damage":
            per = DAMAGE
        elif stat == "armour":
            per = ARMOUR
        elif stat == "test":
            per = TEST_SKILL if effect.get("skill") else TEST_ANY
        else:
            per = {"life": LIFE, "stamina": STAMINA, "movement_dice": MOVEMENT_DIE}[stat]
        return per * int(amount)
    if do in ("heal", "harm"):
        pieces = HEAL_WOUND * _n(effect, "wounds") + HEAL_EXHAUSTION * _n(effect, "exhaustion")
        worth = pieces * HEAL_TARGET[effect.get("target") or "hero"]
        return worth if do == "heal" else -worth
    simple: dict[str, float] = {
        "damage_enemy": DAMAGE_ENEMY * _n(effect, "amount"),
        "gold": float(_n(effect, "amount")),
        "extra_move": EXTRA_HEX * _n(effect, "hexes"),
        "reroll": REROLL,
        "reduce_damage": REDUCE_DAMAGE * _n(effect, "amount"),
        "experience": EXPERIENCE * _n(effect, "value"),
        "draw_market": DRAW_MARKET * _n(effect, "count"),
        "teleport": TELEPORT.get(effect.get("to") or "", 0.0),
        "replenish": REPLENISH * len(effect.get("colours") or ()),
        "fight": 0.0,
        "hook": float(_n(effect, "amount")),
    }
    return simple[do]


def ability_value(
    ability: Mapping[str, Any],
    effect_worth: Callable[[Mapping[str, Any]], float] = effect_value,
) -> float:
    """Worth of an ability: its effects at its timing, halved if one-shot, minus its cost.

    ``effect_worth`` prices one effect (the Al-Kalim generator passes one that discounts
    filtered modifiers)."""
    worth = TIMING[ability["timing"]] * sum(effect_worth(e) for e in ability["effects"])
    cost = ability.get("cost") or {}
    if cost.get("discard"):
        worth *= DISCARD
    return (
        worth
        - COST_EXHAUSTION * _n(cost, "exhaustion")
        - COST_WOUND * _n(cost, "wounds")
        - COST_GOLD * _n(cost, "gold")
    )


def stat_line_value(record: Mapping[str, Any]) -> float:
    """Life, stamina, the three combat stats and the skill bonuses of a hero or an ally."""
    stats = sum(
        STAT_ALWAYS * _n(record[stat], "value") + DAMAGE * _n(record[stat], "damage")
        for stat in ("mind", "body", "spirit")
    )
    skills = TEST_SKILL * sum(int(bonus) for bonus in (record.get("skills") or {}).values())
    return LIFE * _n(record, "life") + STAMINA * _n(record, "stamina") + stats + skills


def hero_budget(hero: Mapping[str, Any]) -> float:
    """A hero's power budget: stat line plus abilities, in gold pieces (see the module doc)."""
    return stat_line_value(hero) + sum(ability_value(a) for a in hero.get("abilities") or ())


def market_value(card: Mapping[str, Any]) -> float:
    """What a market card is worth in gold: its abilities (and an ally's scaled stat line)."""
    worth = sum(ability_value(a) for a in card.get("abilities") or ())
    if card["kind"] == "ally":
        worth += ALLY_RATE * (stat_line_value(card) - ALLY_FLOOR)
    return worth


def price(value: float) -> int:
    """The printed cost for a market value: rounded half up, at least 1, at most 12."""
    return min(12, max(1, round_half_up(value)))


# --- effect primitives ----------------------------------------------------------------------------
PHASE_OF = {"mind": "ranged", "body": "melee", "spirit": "magic"}


def modify(
    stat: str,
    amount: int,
    *,
    phase: str | None = None,
    when: str = "always",
    skill: str | None = None,
    trait: str | None = None,
) -> Flow:
    """A modifier; ``trait``: only in fights against a challenge with that trait."""
    effect = Flow(do="modify", stat=stat, amount=amount)
    if phase is not None:
        effect["phase"] = phase
    if when != "always":
        effect["when"] = when
    if skill is not None:
        effect["skill"] = skill
    if trait is not None:
        effect["trait"] = trait
    return effect


def attack(stat: str, amount: int) -> Flow:
    """+amount to mind/body/spirit when attacking in that stat's step."""
    return modify(stat, amount, phase=PHASE_OF[stat], when="attack")


def defend(stat: str, amount: int) -> Flow:
    return modify(stat, amount, when="defend")


def damage(phase: str, amount: int = 1) -> Flow:
    return modify("damage", amount, phase=phase, when="attack")


def damage_enemy(amount: int) -> Flow:
    return Flow(do="damage_enemy", amount=amount)


def _wounds_and_exhaustion(do: str, wounds: int, exhaustion: int, target: str) -> Flow:
    """A heal or harm effect: only the pieces it moves, and its target unless the hero."""
    effect = Flow(do=do)
    if wounds:
        effect["wounds"] = wounds
    if exhaustion:
        effect["exhaustion"] = exhaustion
    if target != "hero":
        effect["target"] = target
    return effect


def heal(wounds: int = 0, exhaustion: int = 0, target: str = "hero") -> Flow:
    return _wounds_and_exhaustion("heal", wounds, exhaustion, target)


def harm(wounds: int = 0, exhaustion: int = 0, target: str = "hero") -> Flow:
    return _wounds_and_exhaustion("harm", wounds, exhaustion, target)


def gold(amount: int) -> Flow:
    return Flow(do="gold", amount=amount)


def extra_move(hexes: int) -> Flow:
    return Flow(do="extra_move", hexes=hexes)


def reroll() -> Flow:
    return Flow(do="reroll")


def reduce_damage(amount: int) -> Flow:
    return Flow(do="reduce_damage", amount=amount)


def experience(value: int) -> Flow:
    return Flow(do="experience", value=value)


def draw_market(count: int = 1) -> Flow:
    return Flow(do="draw_market", count=count)


def teleport(to: str) -> Flow:
    return Flow(do="teleport", to=to)


def replenish(*colours: str) -> Flow:
    return Flow(do="replenish", colours=FlowList(colours))


def fight(card_name: str) -> Flow:
    """Fight the challenge card of this name (resolved to its id when the cards are built)."""
    return Flow(do="fight", card=card_name)


# --- plain-English texts --------------------------------------------------------------------------
def _plural(count: int, word: str) -> str:
    if count == 1:
        return f"1 {word}"
    return f"{count} {word}s" if not word.endswith("y") else f"{count} {word[:-1]}ies"


def _join(parts: Sequence[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _pieces(wounds: int, exhaustion: int) -> str:
    parts = []
    if wounds:
        parts.append(_plural(wounds, "wound"))
    if exhaustion:
        parts.append(f"{exhaustion} exhaustion")
    return _join(parts)


# How an effect's text names the challenges of a trait (``modify`` with ``trait``); the card
# packs' generator adds its own traits to these.
TRAIT_PLURALS = {"undead": "the undead", "dragon": "dragons", "cultist": "cultists"}
TRAIT_PLURALS.update(beast="beasts", abomination="abominations", bandit="bandits")
TRAIT_PLURALS.update(goblin="goblins", giant="giants", spirit="spirits", elemental="elementals")


def fights_against(trait: str, plurals: Mapping[str, str] = TRAIT_PLURALS) -> str:
    """The phrase a trait-filtered modifier ends with."""
    return f" in fights against {plurals[trait]}"


def describe_effect(
    effect: Mapping[str, Any], names: Mapping[str, str], foe: bool = False, always: bool = False
) -> str:
    """One effect as an English phrase.

    ``names`` maps card ids to names (for ``fight``); ``foe``: the effect is printed on a
    challenge card; ``always``: a passive effect (armour works on every hit, not just one).
    """
    do = effect["do"]
    if do == "modify":
        stat, amount = effect["stat"], effect["amount"]
        when = {"attack": " when attacking", "defend": " when defending"}.get(
            effect.get("when") or "always", ""
        )
        phase = f" in the {effect['phase']} step" if effect.get("phase") else ""
        if stat == "movement_dice":
            return f"{amount:+d} movement {'die' if abs(amount) == 1 else 'dice'}"
        if stat == "test":
            skill = effect.get("skill")
            return f"{amount:+d} to {f'{skill} tests' if skill else 'every skill test'}"
        against = fights_against(effect["trait"]) if effect.get("trait") else ""
        return f"{amount:+d} {stat}{when}{phase}{against}"
    if do == "damage_enemy":
        return f"deal {_plural(effect['amount'], 'wound')} to the enemy"
    if do == "heal":
        what = _pieces(effect.get("wounds", 0), effect.get("exhaustion", 0))
        whom = {"hero": "", "ally": " from an ally", "party": " from you and each ally"}
        return f"remove {what}{whom[effect.get('target') or 'hero']}"
    if do == "harm":
        what = _pieces(effect.get("wounds", 0), effect.get("exhaustion", 0))
        if (effect.get("target") or "hero") == "party":
            return f"you and each ally take {what}"
        return f"take {what}"
    if do == "gold":
        amount = effect["amount"]
        return f"gain {amount} gold" if amount >= 0 else f"pay {-amount} gold"
    if do == "extra_move":
        return f"move up to {_plural(effect['hexes'], 'extra hex')}".replace("hexs", "hexes")
    if do == "reroll":
        return "reroll your combat dice"
    if do == "reduce_damage":
        amount = effect["amount"]
        wounds = "wound" if amount == 1 else "wounds"
        if foe:
            return f"each hit on it deals {amount} {wounds} less"
        return f"take {amount} {wounds} less from {'every' if always else 'one'} hit"
    if do == "experience":
        return f"gain an adventure counter worth {effect['value']} experience"
    if do == "draw_market":
        return f"draw {_plural(effect['count'], 'market card')} into the nearest city's market"
    if do == "teleport":
        where = {"tamalir": "Tamalir", "nearest_city": "the nearest city", "any_city": "any city"}
        return f"travel at once to {where[effect['to']]}"
    if do == "replenish":
        return f"refill the starred {_join(list(effect['colours']))} adventure hexes"
    if do == "fight":
        card = effect["card"]
        return f"fight {names[card]} ({card}) at once" if card in names else f"fight {card} at once"
    return f"({effect['name']})"


def describe_effects(
    effects: Iterable[Mapping[str, Any]],
    names: Mapping[str, str] | None = None,
    foe: bool = False,
    always: bool = False,
) -> str:
    """The effects as one phrase; modifiers sharing a condition are merged (``+1 a and +2 b
    when defending``)."""
    phrases: list[str] = []
    last_suffix: str | None = None
    for effect in effects:
        phrase = describe_effect(effect, names or {}, foe, always)
        suffix = None
        if effect["do"] == "modify" and effect["stat"] not in ("test", "movement_dice"):
            head, _, rest = phrase.partition(f" {effect['stat']}")
            suffix, phrase = rest, f"{head} {effect['stat']}"
        if suffix is not None and suffix == last_suffix:
            phrases[-1] = phrases[-1].removesuffix(suffix) + f" and {phrase}{suffix}"
        else:
            phrases.append(phrase + (suffix or ""))
        last_suffix = suffix
    if len(phrases) > 1 and any(" and " in phrase for phrase in phrases):
        return "; ".join(phrases)
    return _join(phrases)


WHEN_TEXT = {
    "passive": "",
    "activate": "Once per turn",
    "before_movement": "Before you move",
    "after_movement": "After you move",
    "before_combat": "Before combat",
    "combat_step": "In a combat step",
    "after_combat": "After combat",
    "market": "In a city market",
    "event": "When you draw this",
    "while_in_play": "While this event is in play, every hero has",
}


def _cost_text(cost: Mapping[str, Any]) -> str:
    parts = []
    if cost.get("exhaustion"):
        parts.append(f"take {cost['exhaustion']} exhaustion")
    if cost.get("wounds"):
        parts.append(f"take {_plural(cost['wounds'], 'wound')}")
    if cost.get("gold"):
        parts.append(f"pay {cost['gold']} gold")
    if cost.get("discard"):
        parts.append("discard this card")
    return _join(parts)


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + "."


def describe_ability(timing: str, cost: Mapping[str, Any], effects: list[Flow], foe: bool) -> str:
    what = describe_effects(effects, foe=foe, always=timing == "passive")
    if timing == "while_in_play":
        return f"{WHEN_TEXT[timing]} {what}."
    paid = _cost_text(cost)
    if timing == "passive":
        return _sentence(f"{paid}: {what}" if paid else what)
    when = "In your turn" if timing == "activate" and cost.get("discard") else WHEN_TEXT[timing]
    return f"{when}{', ' + paid if paid else ''}: {what}."


def ability(
    name: str,
    timing: str,
    *effects: Flow,
    exhaustion: int = 0,
    wounds: int = 0,
    gold_cost: int = 0,
    discard: bool = False,
    foe: bool = False,
) -> Record:
    """An ability record with its text written from its data."""
    cost = ability_cost(exhaustion, wounds, gold_cost, discard)
    text = describe_ability(timing, cost, list(effects), foe)
    return ability_record(name, text, timing, cost, effects)


def ability_cost(
    exhaustion: int = 0, wounds: int = 0, gold: int = 0, discard: bool = False
) -> Flow:
    """An ability's cost record: only what it costs, in a fixed order."""
    cost = Flow()
    if exhaustion:
        cost["exhaustion"] = exhaustion
    if wounds:
        cost["wounds"] = wounds
    if gold:
        cost["gold"] = gold
    if discard:
        cost["discard"] = True
    return cost


def ability_record(
    name: str, text: str, timing: str, cost: Flow, effects: Iterable[Flow]
) -> Record:
    """An ability record in the content files' field order."""
    record: Record = {"name": name, "text": text, "timing": timing}
    if cost:
        record["cost"] = cost
    record["effects"] = list(effects)
    return record


def foe_ability(name: str, timing: str, *effects: Flow) -> Record:
    """An ability printed on a challenge card (it acts against the hero)."""
    return ability(name, timing, *effects, foe=True)


# --- heroes ---------------------------------------------------------------------------------------
def hero(
    key: str,
    name: str,
    life: int,
    stamina: int,
    mind: tuple[int, int],
    body: tuple[int, int],
    spirit: tuple[int, int],
    skills: Mapping[str, int],
    *abilities: Record,
) -> Record:
    return {
        "id": f"h-{key}",
        "name": name,
        "life": life,
        "stamina": stamina,
        **stat_line(mind, body, spirit),
        "skills": Flow(skills),
        "abilities": list(abilities),
    }


def make_heroes() -> list[Record]:
    """Twelve heroes: archer, brute, mage, rogue, healer, and hybrids between them.

    Arguments: id key, name, life, stamina, (mind value, damage), (body ...), (spirit ...),
    skills, abilities.
    """
    # fmt: off
    return [
        hero(
            "ysolde", "Ysolde Farshot", 5, 4, (4, 2), (3, 1), (2, 1),
            {"survival": 1, "climb": 1},
            ability("Steady Aim", "combat_step", attack("mind", 3), exhaustion=2),
        ),
        hero(
            "brannoc", "Brannoc Ironhide", 5, 3, (0, 1), (3, 2), (1, 1), {"climb": 1},
            ability("Battle Roar", "before_combat", damage_enemy(1), exhaustion=2),
        ),
        hero(
            "thessaly", "Thessaly of the Ninth Lantern", 5, 3, (2, 1), (3, 1), (5, 2),
            {"swim": 1},
            ability("Arcane Surge", "combat_step", damage("magic"), exhaustion=2),
            ability("Lantern Step", "activate", teleport("nearest_city"), exhaustion=2),
        ),
        hero(
            "nettle", "Nettle Quickfingers", 5, 4, (4, 1), (3, 1), (2, 1),
            {"stealth": 2, "climb": 1},
            ability("Light Fingers", "market", gold(1)),
            ability("Slip Away", "activate", extra_move(1), exhaustion=1),
        ),
        hero(
            "aurelwyn", "Sister Aurelwyn", 6, 4, (2, 1), (2, 1), (4, 1),
            {"lore": 2, "diplomacy": 1, "climb": 1},
            ability("Mending Light", "activate", heal(wounds=1, target="party"), exhaustion=1),
            ability("Ward of Dawn", "combat_step", reduce_damage(1), exhaustion=1),
        ),
        hero(
            "dorrin", "Dorrin Ashblade", 5, 3, (3, 1), (4, 1), (3, 2), {"lore": 1},
            ability("Spellblade", "combat_step", attack("body", 2), exhaustion=1),
        ),
        hero(
            "kestrel", "Kestrel Marrowind", 6, 2, (4, 1), (4, 1), (3, 1),
            {"survival": 2, "swim": 1},
            ability("Hunter's Snare", "before_combat", damage_enemy(1), exhaustion=1),
        ),
        hero(
            "hagen", "Hagen Stonevow", 5, 4, (0, 1), (2, 2), (2, 1), {"diplomacy": 1, "climb": 1},
            ability("Shield Wall", "combat_step", reduce_damage(1), exhaustion=1),
        ),
        hero(
            "mireille", "Mireille Songweaver", 6, 4, (3, 1), (2, 1), (4, 1),
            {"diplomacy": 2, "lore": 1},
            ability("Lucky Verse", "combat_step", reroll(), exhaustion=1),
            ability("Silver Tongue", "market", gold(1)),
        ),
        hero(
            "grimwald", "Grimwald the Gravewarden", 5, 3, (2, 1), (3, 1), (3, 2), {"lore": 1},
            ability("Rite of Banishing", "before_combat", damage_enemy(2), exhaustion=2),
            # His edge is the dragons (the base and Drakes reds): rites for the dead bite
            # less on them; every other adventure plays him as before.
            ability("Wyrmfear", "passive", modify("spirit", -1, trait="dragon")),
        ),
        hero(
            "zerith", "Zerith Duskveil", 5, 4, (0, 1), (3, 2), (2, 1), {"stealth": 2},
            ability("Killing Blow", "combat_step", damage("melee"), exhaustion=2),
        ),
        hero(
            "tamsin", "Tamsin Rivercall", 6, 3, (2, 1), (3, 1), (4, 1),
            {"swim": 2, "survival": 1},
            ability("Call of the Wild", "activate", heal(wounds=1), exhaustion=1),
            ability("Riverwalk", "before_movement", extra_move(1), exhaustion=1),
        ),
    ]
    # fmt: on


# --- adventure cards ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Scale:
    """The bands a colour's cards are drawn from (inclusive)."""

    value: tuple[int, int]
    damage: tuple[int, int]
    life: tuple[int, int]
    gold: tuple[int, int]
    test: tuple[int, int]


# Issue 18 item 11 (pace): with blue 13-17 and red 15-20 (damage 3-4, life 8-12) four heuristic
# bots first beat red around round 33 and half the games reached the 60-round cap; these bands
# (red still above blue on average) bring the median to about 30 rounds.
SCALES: dict[str, Scale] = {
    "green": Scale(value=(8, 12), damage=(1, 1), life=(2, 4), gold=(0, 2), test=(10, 12)),
    "yellow": Scale(value=(11, 14), damage=(1, 2), life=(4, 6), gold=(1, 3), test=(12, 14)),
    "blue": Scale(value=(11, 15), damage=(2, 3), life=(6, 8), gold=(2, 5), test=(14, 16)),
    "red": Scale(value=(12, 15), damage=(2, 3), life=(6, 9), gold=(3, 6), test=(16, 18)),
}
COLOUR_LETTER = {"green": "g", "yellow": "y", "blue": "b", "red": "r"}
TOP_RANK = 4


def _lerp(band: tuple[int, int], rank: int) -> int:
    low, high = band
    return low + round_half_up((high - low) * rank / TOP_RANK)


def _within(value: int, band: tuple[int, int], name: str) -> int:
    """``value`` itself; an error if it is outside ``band`` (an offset pushed it too far)."""
    if not band[0] <= value <= band[1]:
        raise ValueError(f"{name}: {value} is outside its colour's band {band}")
    return value


class ChallengeDesign(Protocol):
    """What a colour's scale reads from a challenge's design (this ``Foe`` and Al-Kalim's)."""

    @property
    def name(self) -> str: ...
    @property
    def rank(self) -> int: ...
    @property
    def ranged(self) -> int | None: ...
    @property
    def melee(self) -> int | None: ...
    @property
    def magic(self) -> int | None: ...
    @property
    def heavy(self) -> tuple[str, ...]: ...
    @property
    def life(self) -> int: ...
    @property
    def gold(self) -> int: ...


def challenge_life(colour: str, foe: ChallengeDesign) -> int:
    """The life for ``foe``'s rank in ``colour``'s life band, plus its offset."""
    band = SCALES[colour].life
    return _within(_lerp(band, foe.rank) + foe.life, band, foe.name)


def combat_steps(colour: str, foe: ChallengeDesign) -> dict[str, Flow]:
    """Value and damage of each combat step ``foe`` fights in (see ``Foe``)."""
    scale = SCALES[colour]
    base = _lerp((scale.value[0] + 1, scale.value[1] - 1), foe.rank)
    low, high = scale.damage
    hit = low + (high - low) * foe.rank // TOP_RANK  # rounded down
    steps: dict[str, Flow] = {}
    for step in ("ranged", "melee", "magic"):
        offset = getattr(foe, step)
        if offset is not None:
            steps[step] = Flow(
                value=_within(base + offset, scale.value, foe.name),
                damage=_within(hit + (step in foe.heavy), scale.damage, foe.name),
            )
        elif step in foe.heavy:
            raise ValueError(f"{foe.name}: heavy {step} step that it does not have")
    return steps


def reward_gold(colour: str, foe: ChallengeDesign) -> int:
    """The gold reward for ``foe``'s rank in ``colour``'s gold band, plus its offset."""
    band = SCALES[colour].gold
    return _within(_lerp(band, foe.rank) + foe.gold, band, foe.name)


@dataclass(frozen=True)
class Foe:
    """A challenge: a rank 0..4 within its colour and, per combat step it fights in, an offset.

    ``ranged``/``melee``/``magic``: None = the card has no such step; otherwise the step's value
    is the colour's base value for ``rank`` plus this offset. ``heavy`` steps deal one more damage.
    ``life`` and ``gold`` are offsets too. Everything is clamped into the colour's bands.
    """

    name: str
    traits: tuple[str, ...]
    rank: int
    ranged: int | None = None
    melee: int | None = None
    magic: int | None = None
    heavy: tuple[str, ...] = ()
    life: int = 0
    gold: int = 0
    abilities: tuple[Record, ...] = ()
    reward: tuple[Flow, ...] = ()
    market_card: bool = False
    dragon_rune: bool = False
    wins_game: bool = False
    no_escape: bool = False
    grants: tuple[Record, ...] = ()  # a kept card's powers for its holder (RB-4.11)
    # RB-4.13: left out of the decks to make room for events and encounters; it keeps its place
    # in the list, so the ids of the cards after it stay as they were
    retired: bool = False


@dataclass(frozen=True)
class Event:
    name: str
    ability: Record


@dataclass(frozen=True)
class Option:
    """One choice of an encounter. ``test``: (stat, skill or None, level 0..2 in the colour)."""

    label: str
    test: tuple[str, str | None, int] | None = None
    success: tuple[Flow, ...] = ()
    failure: tuple[Flow, ...] = ()


@dataclass(frozen=True)
class Encounter:
    name: str
    options: tuple[Option, ...]


def ambush(name: str, wounds: int = 0, exhaustion: int = 0, party: bool = False) -> Record:
    """Before combat the challenge strikes: the hero (or the whole party) takes this harm."""
    target = "party" if party else "hero"
    return foe_ability(name, "before_combat", harm(wounds, exhaustion, target))


def lingering(name: str, wounds: int = 0, exhaustion: int = 0) -> Record:
    """After combat, win or lose, the hero takes this harm (venom, curses)."""
    return foe_ability(name, "after_combat", harm(wounds, exhaustion))


def toll(name: str, amount: int) -> Record:
    return foe_ability(name, "before_combat", gold(-amount))


def hide(name: str, amount: int = 1) -> Record:
    """Armoured: the challenge takes fewer wounds from each hit."""
    return foe_ability(name, "passive", reduce_damage(amount))


GREEN_FOES = [
    Foe("Swarm of Gutter Rats", ("beast",), 0, melee=0),
    Foe("Carrion Crows", ("beast",), 0, ranged=0),
    Foe("Marsh Will-o'-Wisp", ("spirit",), 0, magic=+1,
        abilities=(ambush("Luring Glow", exhaustion=1),)),
    Foe("Hedge Bandit", ("bandit",), 1, ranged=0, melee=-1, gold=+1,
        abilities=(toll("Highway Toll", 1),)),
    Foe("Restless Barrow-Bones", ("undead",), 1, melee=0, magic=-1),
    Foe("Goblin Slingers", ("goblin",), 1, ranged=+1, melee=-1),
    Foe("Fenwater Leech Swarm", ("beast",), 1, melee=0,
        abilities=(lingering("Draining Bite", exhaustion=1),)),
    Foe("Thornback Boar", ("beast",), 2, melee=+1, life=-1),
    Foe("Deserter Crossbowman", ("bandit",), 2, ranged=+1, melee=0, retired=True),
    Foe("Grave-Robber Gang", ("bandit",), 2, melee=0, gold=+1),
    Foe("Lost Shade", ("spirit", "undead"), 2, magic=0, reward=(heal(exhaustion=1),), retired=True),
    Foe("Cult Initiate", ("cultist",), 2, melee=-1, magic=0, retired=True),
    Foe("Blight Spider", ("beast",), 2, melee=0,
        abilities=(ambush("Sticky Web", exhaustion=1),), retired=True),
    Foe("Bog Lurker", ("beast", "abomination"), 3, melee=0, magic=-1),
    Foe("Hungry Wolf Pack", ("beast",), 3, ranged=-1, melee=+1,
        abilities=(ambush("Flanking Bite", wounds=1),)),
    Foe("Goblin Hexer", ("goblin",), 3, ranged=-1, magic=+1, retired=True),
    Foe("Chapel Gargoyle", ("abomination",), 3, melee=0, life=-1,
        abilities=(hide("Stone Skin"),)),
    Foe("Mossback Troll Whelp", ("giant",), 4, melee=+1, retired=True),
    Foe("Highway Raider Captain", ("bandit",), 4, ranged=0, melee=+1, reward=(draw_market(),),
        retired=True),
    Foe("Scarecrow Revenant", ("undead", "spirit"), 4, melee=-1, magic=+1,
        abilities=(ambush("Dread Gaze", exhaustion=1),), retired=True),
]  # fmt: skip

YELLOW_FOES = [
    Foe("Riverwatch Smugglers", ("bandit",), 0, ranged=0, melee=0, gold=+1),
    Foe("Outcast Centaur Archer", ("beast",), 0, ranged=+1, melee=-1),
    Foe("Ghoul Pack", ("undead",), 1, melee=0, magic=-1,
        abilities=(lingering("Grave Chill", exhaustion=1),)),
    Foe("Warlord's Outriders", ("bandit",), 1, ranged=+1, melee=0),
    Foe("Black Kennel Hounds", ("beast",), 1, melee=+1, heavy=("melee",)),
    Foe("Ironhide Ogre", ("giant",), 2, ranged=-1, melee=+1, heavy=("melee",)),
    Foe("Mirewitch", ("cultist",), 2, ranged=-1, magic=+1,
        abilities=(ambush("Withering Hex", exhaustion=1),), retired=True),
    Foe("Goblin War-Chief", ("goblin",), 2, ranged=0, melee=+1,
        abilities=(ambush("Spear Volley", wounds=1),)),
    Foe("Dune Scorpion", ("beast",), 2, melee=0,
        abilities=(ambush("Venom Sting", wounds=1),)),
    Foe("Ashen Wyvernling", ("dragon", "beast"), 3, ranged=0, melee=0, heavy=("ranged",),
        retired=True),
    Foe("Stonegaze Lizard", ("beast",), 3, melee=0, magic=0,
        abilities=(ambush("Petrifying Stare", exhaustion=2),), retired=True),
    Foe("Wailing Banshee", ("spirit", "undead"), 3, magic=+1,
        abilities=(ambush("Keening", exhaustion=1, party=True),)),
    Foe("Rogue Battlemage", ("cultist",), 3, ranged=-1, magic=+1, heavy=("magic",), retired=True),
    Foe("Hill Giant Forager", ("giant",), 4, melee=+1, reward=(heal(wounds=1),), retired=True),
    Foe("Rotting Colossus", ("abomination", "undead"), 4, melee=0, magic=-1,
        abilities=(hide("Bloated Flesh"),), retired=True),
    Foe("Fallen Paladin", ("undead",), 4, melee=+1, magic=0, market_card=True),
]  # fmt: skip

BLUE_FOES = [
    Foe("Three-Headed Chimera", ("beast", "abomination"), 0, ranged=0, melee=0, magic=0),
    Foe("Cinder Elemental", ("elemental",), 0, magic=+1,
        abilities=(ambush("Searing Heat", wounds=1),)),
    Foe("Storm Roc", ("beast",), 1, ranged=+1, melee=0),
    Foe("Bandit Queen Corvaine", ("bandit",), 1, ranged=0, melee=0, market_card=True, retired=True),
    Foe("Rimefang Troll", ("giant",), 2, melee=+1, heavy=("melee",), life=+1),
    Foe("Demonologist of the Black Spire", ("cultist",), 2, ranged=0, magic=+1, heavy=("magic",),
        abilities=(ambush("Summoned Imp", wounds=1),)),
    Foe("Wraith Knight", ("undead", "spirit"), 2, melee=0, magic=0, heavy=("melee",)),
    Foe("Bone Drake", ("dragon", "undead"), 3, ranged=0, magic=0, heavy=("magic",), retired=True),
    Foe("Iron Golem", ("abomination",), 3, melee=0, abilities=(hide("Riveted Plates"),),
        retired=True),
    Foe("Deep Wyrm", ("dragon", "beast"), 3, melee=+1, heavy=("melee",),
        reward=(experience(1),), retired=True),
    Foe("Shadowmere Hydra", ("beast", "abomination"), 4, ranged=-1, melee=+1,
        abilities=(hide("Regrowing Heads"),), retired=True),
    Foe("Lich of the Sunken Crypt", ("undead",), 4, melee=-1, magic=+1,
        abilities=(ambush("Deathly Pall", exhaustion=1, party=True),), retired=True),
    # AR-3.1 (seed 002: the base red deck holds no events or encounters): Vorakesh's servants,
    # once red events and an encounter, serve him from the blue deck
    Foe("Herald of Vorakesh", ("cultist", "undead"), 2, melee=0, magic=+1,
        abilities=(ambush("Black Rite", wounds=1, exhaustion=1, party=True),),
        reward=(experience(1),)),
    Foe("Ossuary Bone-Warden", ("undead", "abomination"), 3, melee=+1, heavy=("melee",),
        abilities=(hide("Lattice of Bones"),), market_card=True),
    Foe("Vorakesh's Dread Rider", ("undead",), 4, ranged=0, melee=0,
        abilities=(ambush("Night Charge", exhaustion=2),)),
]  # fmt: skip

# Issue 41 (docs/balance.md): odd lives where a hit for 2 was worth twice a hit for 1
# (Skarvethra and Sythelline 9, Vaelgrim and Thuldrath 7) and no hide on Korrundar, which a hero
# who hits for 1 could not wound at all; with Grimwald's Wyrmfear this holds every hero within ±5.
# Korrundar strikes in magic too: melee-only, with the card packs' extra red fights, he and
# Drevaskar were Brannoc's (+15 there, docs/balance-packs.md). His step alone cost Tamsin 5 points
# here; with Vaelgrim's magic a point harder every hero stays within ±5 (docs/balance.md).
RED_FOES = [
    Foe("Ixathra Venomcrown", ("dragon",), 0, melee=+1, magic=0, dragon_rune=True,
        abilities=(lingering("Venom of the Crown", wounds=1),),
        grants=(ability("Venomcrown's Bite", "before_combat", damage_enemy(1), exhaustion=1),)),
    Foe("Ulmoroth Stormwing", ("dragon",), 1, ranged=+1, melee=0, heavy=("ranged",),
        dragon_rune=True,
        grants=(ability("Stormwing's Tailwind", "passive", modify("movement_dice", 1)),)),
    Foe("Drevaskar Ironscale", ("dragon",), 1, melee=0, dragon_rune=True,
        abilities=(hide("Iron Scales"),),
        grants=(ability("Ironscale Ward", "combat_step", reduce_damage(1)),)),
    Foe("Skarvethra the Cinder Queen", ("dragon",), 2, ranged=0, magic=+1, life=+1,
        dragon_rune=True,
        abilities=(ambush("Breath of Cinders", wounds=1),),
        grants=(ability("Cinder Flare", "combat_step", attack("spirit", 2), exhaustion=1),)),
    Foe("Sythelline of the Black Mere", ("dragon",), 2, ranged=0, melee=0, magic=0, life=+1,
        dragon_rune=True,
        grants=(ability("Waters of the Mere", "activate", heal(wounds=2), exhaustion=1),)),
    Foe("Vaelgrim the Pale", ("dragon", "undead"), 3, melee=0, magic=+1, life=-1, heavy=("magic",),
        dragon_rune=True,
        abilities=(ambush("Grave Frost", exhaustion=1, party=True),),
        grants=(ability("Pale Resolve", "passive", defend("spirit", 1), defend("body", 1)),)),
    Foe("Thuldrath the Ember Tyrant", ("dragon",), 3, ranged=+1, melee=+1, life=-1,
        heavy=("ranged",), dragon_rune=True,
        abilities=(ambush("Firestorm", wounds=2),),
        grants=(ability("Ember Heart", "passive", damage("ranged")),)),
    Foe("Korrundar the Mountain-Eater", ("dragon", "giant"), 4, melee=+1, magic=+1,
        dragon_rune=True,
        grants=(ability("Granite Blood", "passive", modify("life", 2)),)),
    Foe("High Lord Margath", ("dragon",), 4, ranged=0, melee=0, magic=0,
        wins_game=True, no_escape=True,
        abilities=(ambush("Wrath of the High Lord", wounds=1, party=True),)),
]  # fmt: skip

EVENTS: dict[str, list[Event]] = {
    "green": [
        Event("Sunrise over the Emerald Vale",
              ability("Fresh Trails", "event", replenish("green"))),
        Event("Wayside Shrine", ability("Blessing", "event", heal(wounds=2, exhaustion=1))),
        Event("Harvest Fair",
              ability("Merry Crowds", "while_in_play", modify("test", 1, skill="diplomacy"))),
        Event("Spring Thaw", ability("Open Passes", "event", replenish("green", "yellow"))),
        Event("Autumn Downpour",
              ability("Mud and Flood", "while_in_play", modify("movement_dice", -1))),
    ],
    "yellow": [
        Event("Beacon Fires on the Hills",
              ability("Call to Arms", "event", replenish("yellow", "red"))),
        Event("The Baron's Tax Collectors", ability("Tithe", "event", gold(-1))),
        Event("Midsummer Moon", ability("Long Days", "event", replenish("green", "yellow"))),
        Event("Rune-Storm",
              ability("Crackling Air", "while_in_play", modify("spirit", 1, when="attack"))),
    ],
    "blue": [
        Event("Starfall over Terrinoth",
              ability("Fallen Stars", "event", replenish("blue", "red"))),
        Event("Vorakesh Stirs", ability("Creeping Dread", "while_in_play", modify("spirit", -1))),
        Event("The Roads Reopen", ability("Safe Passage", "event", replenish("yellow", "blue"))),
    ],
    "red": [],  # AR-3.1: none in the base red deck
}  # fmt: skip

ENCOUNTERS: dict[str, list[Encounter]] = {
    "green": [
        Encounter("The Fallen Bridge", (
            Option("Wade across the ford", ("body", "swim", 0),
                   success=(extra_move(2),), failure=(harm(exhaustion=1),)),
            Option("Pole the old ferry across", ("mind", "swim", 1),
                   success=(gold(1), extra_move(1)), failure=(harm(exhaustion=1),)),
        )),
        Encounter("A Peddler's Bargain", (
            Option("Buy his hand-drawn map", success=(gold(-1), extra_move(3))),
            Option("Haggle for his whole cart", ("mind", "diplomacy", 1),
                   success=(draw_market(),), failure=(gold(-1),)),
        )),
        Encounter("Ambush at the Crossroads", (
            Option("Stand and fight", success=(fight("Hedge Bandit"),)),
            Option("Slip into the hedgerows", ("body", "stealth", 1),
                   success=(extra_move(1),), failure=(harm(wounds=1),)),
        )),
        Encounter("The Hermit's Riddle", (
            Option("Answer the riddle", ("mind", "lore", 1),
                   success=(experience(1),), failure=(harm(exhaustion=1),)),
            Option("Share his nettle tea and leave", success=(heal(exhaustion=1),)),
        )),
        Encounter("The Flooded Mill", (
            Option("Dive for the sunken strongbox", ("body", "swim", 2),
                   success=(gold(2),), failure=(harm(wounds=1),)),
            Option("Help the miller bail", ("spirit", None, 0),
                   success=(gold(1), heal(exhaustion=1)), failure=(harm(exhaustion=1),)),
            Option("Poke the thing in the millpond", success=(fight("Bog Lurker"),)),
        )),
    ],
    "yellow": [
        Encounter("The Toll Bridge", (
            Option("Pay the toll", success=(gold(-1), extra_move(2))),
            Option("Bluff your way past", ("mind", "diplomacy", 0),
                   success=(extra_move(2),), failure=(fight("Riverwatch Smugglers"),)),
        )),
        Encounter("The Haunted Waystation", (
            Option("Sleep there anyway", ("spirit", None, 1),
                   success=(heal(wounds=2, exhaustion=2),), failure=(fight("Ghoul Pack"),)),
            Option("Camp out in the cold", success=(harm(exhaustion=1),)),
        )),
        Encounter("The Collapsed Dwarven Mine", (
            Option("Climb down the shaft", ("body", "climb", 1),
                   success=(gold(3),), failure=(harm(wounds=2),)),
            Option("Search the spoil heaps", ("mind", "survival", 0),
                   success=(gold(1),), failure=(harm(exhaustion=1),)),
        )),
        Encounter("A Wounded Messenger", (
            Option("Carry his letter to the nearest city",
                   success=(teleport("nearest_city"), gold(1))),
            Option("Tend his wounds", ("spirit", "lore", 0),
                   success=(experience(1),), failure=(harm(exhaustion=1),)),
            Option("Hunt down his attackers", ("mind", "survival", 2),
                   success=(experience(1), gold(1)), failure=(fight("Warlord's Outriders"),)),
        )),
    ],
    "blue": [
        Encounter("The Sunken Library", (
            Option("Search the flooded stacks", ("mind", "lore", 1),
                   success=(experience(2),), failure=(harm(wounds=1),)),
            Option("Bargain with the archivist's ghost", ("spirit", "diplomacy", 0),
                   success=(teleport("any_city"), gold(2)), failure=(fight("Wraith Knight"),)),
        )),
        Encounter("The Ember Pilgrims", (
            Option("Join the procession in disguise", ("mind", "stealth", 1),
                   success=(gold(4),), failure=(harm(wounds=2),)),
            Option("Confront their hierophant",
                   success=(fight("Demonologist of the Black Spire"),)),
        )),
        Encounter("The Roc's Nest", (
            Option("Climb to the nest", ("body", "climb", 2),
                   success=(gold(3), experience(1)), failure=(harm(wounds=2),)),
            Option("Lure the roc down", success=(fight("Storm Roc"),)),
            Option("Leave by the goat track", success=(harm(exhaustion=2),)),
        )),
    ],
    "red": [],  # AR-3.1: none in the base red deck
}  # fmt: skip


# RB-4.13: the events and encounters added when the decks took more of them (seed 004's pile goal,
# docs/rules/cult.md CR-26); numbered after the cards above, so that their ids stay as they were
ADDED_EVENTS: dict[str, list[Event]] = {
    "green": [
        Event("Shepherds' Bonfires", ability("Lit Hillsides", "event", replenish("green"))),
        Event("Travelling Players",
              ability("Tales by the Fire", "while_in_play", modify("test", 1, skill="lore"))),
        Event("A Good Harvest", ability("Full Granaries", "event", gold(1))),
        Event("Woodland Thaw", ability("Melting Snows", "event", replenish("green", "blue"))),
    ],
    "yellow": [
        Event("Midwinter Festival", ability("Warm Hearths", "event", heal(wounds=1, exhaustion=2))),
        Event("Border Skirmishes",
              ability("Scattered Raiders", "event", replenish("yellow", "blue"))),
        Event("Trackers' Season",
              ability("Fresh Spoor", "while_in_play", modify("test", 1, skill="survival"))),
    ],
    "blue": [
        Event("The Long Winter",
              ability("Numb Hands", "while_in_play", modify("body", -1, when="attack"))),
        Event("Comet over the Spires",
              ability("Portents", "event", replenish("green", "yellow", "blue"))),
        Event("Fever in the Lowlands", ability("Fevered Roads", "event", harm(exhaustion=1))),
    ],
    "red": [],
}  # fmt: skip

ADDED_ENCOUNTERS: dict[str, list[Encounter]] = {
    "green": [
        Encounter("The Lost Lamb", (
            Option("Search the hills for it", ("body", "survival", 0),
                   success=(gold(1),), failure=(harm(exhaustion=1),)),
            Option("Leave it to the wolves and press on", success=(extra_move(1),)),
        )),
        Encounter("A Broken Cart", (
            Option("Mend the axle", ("mind", None, 0),
                   success=(gold(1),), failure=(harm(exhaustion=1),)),
            Option("Ride with the carter to town", success=(teleport("nearest_city"),)),
        )),
        Encounter("The Poachers' Snare", (
            Option("Climb the snare's tree and cut yourself down", ("body", "climb", 1),
                   success=(extra_move(1),), failure=(harm(wounds=1),)),
            Option("Cut the rope and limp on", success=(harm(exhaustion=1),)),
        )),
        Encounter("The Village Shrine", (
            Option("Pray for guidance", ("spirit", "lore", 0), success=(heal(wounds=1),)),
            Option("Leave a rich offering", success=(gold(-2), experience(1))),
        )),
    ],
    "yellow": [
        Encounter("The Ferryman's Price", (
            Option("Pay him", success=(gold(-1), extra_move(2))),
            Option("Row yourself across", ("body", "swim", 1),
                   success=(extra_move(2),), failure=(harm(wounds=1),)),
        )),
        Encounter("A Wager of Wits", (
            Option("Accept the wager", ("mind", "diplomacy", 1),
                   success=(gold(2),), failure=(gold(-1),)),
            Option("Decline and rest by the fire", success=(heal(exhaustion=1),)),
        )),
        Encounter("The Smugglers' Cave", (
            Option("Sneak past the lookouts", ("body", "stealth", 1),
                   success=(gold(2),), failure=(fight("Riverwatch Smugglers"),)),
            Option("Report them in the nearest city",
                   success=(teleport("nearest_city"), gold(1))),
        )),
    ],
    "blue": [
        Encounter("The Oracle's Pool", (
            Option("Gaze into the water", ("spirit", None, 1),
                   success=(experience(1),), failure=(harm(exhaustion=2),)),
            Option("Drink from it", success=(heal(wounds=2),)),
        )),
        Encounter("A Knight in Distress", (
            Option("Ride to his aid", success=(fight("Wraith Knight"),)),
            Option("Bind his wounds", ("mind", "survival", 0),
                   success=(draw_market(),), failure=(harm(exhaustion=1),)),
        )),
        Encounter("The Sealed Vault", (
            Option("Climb in through the broken roof", ("body", "climb", 2),
                   success=(gold(4),), failure=(harm(wounds=2),)),
            Option("Break it open", ("body", None, 1),
                   success=(gold(3),), failure=(harm(wounds=1, exhaustion=1),)),
            Option("Walk on down the old road", success=(extra_move(1),)),
        )),
    ],
    "red": [],
}  # fmt: skip

# RB-4.3, CR-17: an event's number is its colour's rank; our own numbers, the printed ones are
# unknown. The ritual of a Cult event reaches as far as the number (1 to 3 hexes), and the
# number decides which event stays in play
EVENT_NUMBER = {"green": 1, "yellow": 2, "blue": 3, "red": 4}


def _steps_text(card: Record) -> str:
    steps = [step for step in ("ranged", "melee", "magic") if step in card]
    noun = "step" if len(steps) == 1 else "steps"
    return f"Strikes in the {_join(steps)} {noun}."


def _reward_text(reward: Record, names: Mapping[str, str]) -> str:
    parts = [f"{reward['gold']} gold"] if reward.get("gold") else []
    if reward.get("market_card"):
        parts.append("the top market card for free")
    parts += [describe_effect(e, names) for e in reward.get("effects", ())]
    text = "Reward: " + (_join(parts) if parts else "the adventure counter only")
    if reward.get("dragon_rune"):
        text += "; keep this card as a Dragon Rune"
    for granted in reward.get("abilities", ()):
        power = granted["text"].rstrip(".")
        text += f"; while you hold it, {granted['name']}: {power[:1].lower() + power[1:]}"
    if reward.get("wins_game"):
        text += "; defeating High Lord Margath wins the game"
    return text + "."


def challenge_card(card_id: str, colour: str, foe: Foe) -> Record:
    card: Record = {"id": card_id, "name": foe.name, "colour": colour, "kind": "challenge"}
    card["text"] = ""
    card["life"] = challenge_life(colour, foe)
    card.update(combat_steps(colour, foe))
    card["traits"] = FlowList(foe.traits)
    if foe.no_escape:
        card["no_escape"] = True
    if foe.abilities:
        card["abilities"] = list(foe.abilities)
    reward: Record = {"gold": reward_gold(colour, foe)}
    for flag in ("dragon_rune", "wins_game", "market_card"):
        if getattr(foe, flag):
            reward[flag] = True
    if foe.reward:
        reward["effects"] = list(foe.reward)
    if foe.grants:
        reward["abilities"] = list(foe.grants)
    card["reward"] = reward
    texts = [_steps_text(card)]
    if foe.no_escape:
        texts.append("You cannot escape this fight.")
    texts += [a["text"] for a in foe.abilities]
    texts.append(_reward_text(reward, {}))
    card["text"] = " ".join(texts)
    return card


def event_card(card_id: str, colour: str, number: int, event: Event) -> Record:
    return {
        "id": card_id,
        "name": event.name,
        "colour": colour,
        "kind": "event",
        "number": number,
        "text": event.ability["text"],
        "abilities": [event.ability],
    }


def _resolve(effects: Iterable[Flow], ids: Mapping[str, str]) -> list[Flow]:
    resolved = []
    for effect in effects:
        if effect["do"] == "fight":
            effect = Flow(effect, card=ids[effect["card"]])
        resolved.append(effect)
    return resolved


def _outcome(effects: Sequence[Flow], names: Mapping[str, str]) -> str:
    return describe_effects(effects, names) if effects else "nothing happens"


def encounter_card(
    card_id: str,
    colour: str,
    encounter: Encounter,
    ids: Mapping[str, str],
    names: Mapping[str, str],
) -> Record:
    low, high = SCALES[colour].test
    choices = []
    for option in encounter.options:
        success, failure = _resolve(option.success, ids), _resolve(option.failure, ids)
        choice: Record = {}
        if option.test is None:
            choice["text"] = f"{option.label}: {_outcome(success, names)}."
        else:
            stat, skill, level = option.test
            difficulty = _within(low + level, (low, high), encounter.name)
            test = Flow(stat=stat)
            if skill is not None:
                test["skill"] = skill
            test["difficulty"] = difficulty
            rolled = f"{stat} + {skill}" if skill else stat
            choice["text"] = (
                f"{option.label}: test {rolled} against {difficulty}; "
                f"success: {_outcome(success, names)}; failure: {_outcome(failure, names)}."
            )
            choice["test"] = test
        if success:
            choice["success"] = success
        if failure:
            choice["failure"] = failure
        choices.append(choice)
    labels = [option.label[:1].lower() + option.label[1:] for option in encounter.options]
    choose = ", ".join(labels[:-1]) + ("," if len(labels) > 2 else "") + f" or {labels[-1]}"
    return {
        "id": card_id,
        "name": encounter.name,
        "colour": colour,
        "kind": "encounter",
        "text": f"Choose one: {choose}.",
        "choices": choices,
    }


FOES = {"green": GREEN_FOES, "yellow": YELLOW_FOES, "blue": BLUE_FOES, "red": RED_FOES}


def make_adventures() -> list[Record]:
    """Per colour: challenges, then events, then encounters, then the added events and
    encounters (RB-4.13), numbered g-01, g-02, ...; a retired challenge keeps its number
    unused."""
    ids: dict[str, str] = {}  # challenge name -> id (for fight effects)
    numbered: dict[str, list[tuple[str, Foe]]] = {}
    for colour, foes in FOES.items():
        letter = COLOUR_LETTER[colour]
        numbered[colour] = [(f"{letter}-{i + 1:02d}", foe) for i, foe in enumerate(foes)]
        ids.update({foe.name: card_id for card_id, foe in numbered[colour] if not foe.retired})
    names = {card_id: name for name, card_id in ids.items()}
    cards: list[Record] = []
    for colour, pairs in numbered.items():
        letter = COLOUR_LETTER[colour]
        cards += [challenge_card(card_id, colour, foe) for card_id, foe in pairs if not foe.retired]
        index = len(pairs)
        for events, encounters in (
            (EVENTS[colour], ENCOUNTERS[colour]),
            (ADDED_EVENTS[colour], ADDED_ENCOUNTERS[colour]),
        ):
            for event in events:
                index += 1
                number = EVENT_NUMBER[colour]
                cards.append(event_card(f"{letter}-{index:02d}", colour, number, event))
            for encounter in encounters:
                index += 1
                cards.append(encounter_card(f"{letter}-{index:02d}", colour, encounter, ids, names))
    return cards


# --- market cards ---------------------------------------------------------------------------------
def item(name: str, *abilities: Record) -> tuple[str, tuple[Record, ...]]:
    return name, abilities


def passive(name: str, *effects: Flow) -> Record:
    return ability(name, "passive", *effects)


WEAPON_CARDS = [
    item("Hunter's Sling", passive("Stone and Strap", attack("mind", 1))),
    item("Rusted Hatchet", passive("Notched Edge", attack("body", 1))),
    item("Willow Wand", passive("Spark", attack("spirit", 1))),
    item("Ashwood Shortbow", passive("Quick Draw", attack("mind", 2))),
    item("Militia Spear", passive("Long Reach", attack("body", 2))),
    item("Rowan Staff", passive("Channel", attack("spirit", 2))),
    item("Throwing Knives", passive("Flick", attack("mind", 1)),
         ability("Knife in the Gap", "combat_step", damage("ranged"), exhaustion=1)),
    item("Twin Sabres", passive("Whirling Cuts", attack("body", 2)),
         ability("Second Chance", "combat_step", reroll(), exhaustion=1)),
    item("Headsman's Axe", passive("Heavy Head", damage("melee")),
         ability("Full Swing", "combat_step", damage("melee"), exhaustion=1)),
    item("Longbow of the Greenwood", passive("Yew and Gut", attack("mind", 3))),
    item("Knight's Longsword", passive("Tempered Blade", attack("body", 3))),
    item("Iron Warhammer", passive("Crushing Weight", attack("body", 1), damage("melee"))),
    item("Moonsteel Glaive", passive("Silvered Arc", attack("body", 2), damage("melee"))),
    item("Dwarven Arbalest", passive("Bolt and Crank", attack("mind", 2), damage("ranged"))),
    item("Scepter of Embers", passive("Smouldering Core", attack("spirit", 2), damage("magic"))),
    item("Runeblade of Dusk", passive("Edge of Dusk", attack("body", 2), attack("spirit", 2))),
    item("Flamebrand", passive("Wreathed in Fire", attack("body", 3), damage("melee"))),
    item("Staff of the Ninth Star", passive("Starlight", attack("spirit", 4)),
         ability("Falling Star", "combat_step", damage("magic"), exhaustion=1)),
    item("Stormstring Greatbow", passive("Thunder Shaft", attack("mind", 4), damage("ranged"))),
    item("Dragonbane Lance", passive("Wyrm-Piercer", attack("body", 3), damage("melee")),
         ability("Heart Thrust", "combat_step", damage("melee"), exhaustion=1)),
]  # fmt: skip

ARMOUR_CARDS = [
    item("Padded Jerkin", passive("Quilted Layers", defend("mind", 1), defend("body", 1))),
    item("Wicker Buckler", ability("Catch the Blow", "combat_step", reduce_damage(1),
                                   exhaustion=1)),
    item("Boiled-Leather Cuirass", passive("Hardened Hide", defend("mind", 1), defend("body", 2))),
    item("Chain Hauberk", passive("Riveted Rings", reduce_damage(1))),
    item("Troll-Hide Cloak", passive("Thick Hide", modify("armour", 1, when="defend"),
                                     defend("spirit", 1))),
    item("Warden's Kite Shield", passive("Shield Up", defend("mind", 2), defend("body", 2))),
    item("Scale Mail", passive("Overlapping Scales", reduce_damage(1), defend("mind", 1),
                               defend("body", 1))),
    item("Mirrorsilver Mail", passive("Spell-Mirror", modify("armour", 1, when="defend"),
                                      defend("spirit", 2))),
    item("Tower Shield", passive("Wall of Oak", defend("mind", 2)),
         ability("Brace", "combat_step", reduce_damage(2), exhaustion=1)),
    item("Full Plate of Dawnsmoor", passive("Dawnsmoor Steel", reduce_damage(2),
                                            defend("body", 1))),
    item("Dragonscale Hauberk", passive("Scales of the Wyrm", modify("armour", 2, when="defend"),
                                        defend("spirit", 2))),
    item("Aegis of the Silver Order", passive("Silver Bulwark", reduce_damage(2),
                                              defend("mind", 1), defend("body", 1)),
         ability("Last Stand", "combat_step", reduce_damage(1), exhaustion=1)),
]  # fmt: skip

ARTIFACT_CARDS = [
    item("Vial of Honeywort", ability("Drink", "activate", heal(wounds=2), discard=True)),
    item("Lucky Copper Coin", ability("Flip", "combat_step", reroll(), discard=True)),
    item("Healer's Satchel", ability("Bind Wounds", "activate", heal(wounds=1), exhaustion=1)),
    item("Compass of True North", ability("True Bearing", "before_movement", extra_move(1))),
    item("Waystone of Tamalir", ability("Homeward", "activate", teleport("tamalir"),
                                        exhaustion=1)),
    item("Merchant's Ledger", ability("Good Credit", "market", gold(1), draw_market())),
    item("Seven-League Boots", ability("Long Stride", "after_movement", extra_move(2))),
    item("Dice of Fool's Fortune", ability("Roll Again", "combat_step", reroll(), exhaustion=1)),
    item("Horn of Rallying", ability("Rally", "before_combat", heal(exhaustion=2, target="party"))),
    item("Gatestone", ability("Open the Gate", "activate", teleport("any_city"), exhaustion=1)),
    item("Crown of the Wakeful", passive("Clear Head", modify("test", 2)),
         ability("Wakeful", "activate", heal(exhaustion=1))),
    item("Amulet of Vigour", passive("Vigour", modify("life", 1), modify("stamina", 1))),
    item("Phoenix Feather", ability("Rebirth", "activate", heal(wounds=4, target="party"),
                                    discard=True)),
    item("Everburning Lantern", passive("Light the Way", modify("movement_dice", 1)),
         ability("Beacon", "activate", heal(exhaustion=1, target="party"))),
    item("Orb of Far Passage", passive("Far Sight", modify("movement_dice", 1)),
         ability("Passage", "activate", teleport("any_city"), exhaustion=1)),
    item("Heart of the Mountain", passive("Stone Heart", modify("life", 2), modify("stamina", 1)),
         ability("Endure", "activate", heal(wounds=1))),
]  # fmt: skip

RUNE_CARDS = [
    item("Rune of Kindling", ability("Kindle", "before_combat", damage_enemy(1))),
    item("Rune of Clear Sight", passive("Clear Sight", attack("spirit", 1)),
         ability("Foresee", "combat_step", reroll(), exhaustion=1)),
    item("Rune of Warding", passive("Ward", defend("spirit", 1)),
         ability("Deflect", "combat_step", reduce_damage(1), exhaustion=1)),
    item("Rune of the Still Mind", passive("Stillness", attack("spirit", 2),
                                           modify("test", 1, skill="lore"))),
    item("Rune of Thorns", passive("Barbed Sigil", attack("spirit", 1)),
         ability("Thornlash", "before_combat", damage_enemy(1))),
    item("Rune of Mending", passive("Warm Glow", attack("spirit", 1)),
         ability("Knit Flesh", "activate", heal(wounds=2), exhaustion=1)),
    item("Rune of Frost", ability("Frostbite", "before_combat", damage_enemy(2), exhaustion=1)),
    item("Rune of the Wanderer", passive("Wayfinding", attack("spirit", 2)),
         ability("Step Between", "activate", teleport("nearest_city"), exhaustion=1)),
    item("Rune of Binding", passive("Binding Glyph", attack("spirit", 2)),
         ability("Bind", "combat_step", damage("magic"), exhaustion=1)),
    item("Rune of the Dragon's Eye", passive("Dragon's Eye", attack("spirit", 3)),
         ability("Gaze of Ages", "combat_step", reroll(), exhaustion=1)),
    item("Rune of Storms", passive("Static", attack("spirit", 1)),
         ability("Thunderclap", "before_combat", damage_enemy(2))),
    item("Rune of Unmaking", passive("Unravel", attack("spirit", 1)),
         ability("Unmake", "before_combat", damage_enemy(2)),
         ability("Sunder", "combat_step", damage("magic"), exhaustion=1)),
]  # fmt: skip


@dataclass(frozen=True)
class Ally:
    name: str
    life: int
    stamina: int
    mind: tuple[int, int]
    body: tuple[int, int]
    spirit: tuple[int, int]
    abilities: tuple[Record, ...] = ()


ALLY_CARDS = [
    Ally("Pip the Stable Boy", 1, 1, (1, 0), (2, 1), (0, 0)),
    Ally("Tamalir Watchman", 2, 1, (1, 0), (3, 1), (0, 0)),
    Ally("Goatherd Slinger", 1, 2, (3, 1), (1, 0), (0, 0)),
    Ally("Sellsword of Forge", 4, 2, (1, 0), (4, 1), (0, 0)),
    Ally("Riverwatch Ferryman", 2, 2, (2, 1), (2, 1), (0, 0),
         (ability("Pole Across", "after_movement", extra_move(1)),)),
    Ally("Hedge-Witch of the Fens", 2, 2, (0, 0), (1, 0), (3, 1),
         (ability("Poultice", "activate", heal(wounds=1)),)),
    Ally("Temple Acolyte", 2, 3, (0, 0), (1, 0), (3, 1),
         (ability("Quiet Prayer", "activate", heal(exhaustion=2)),)),
    Ally("Tusked Mercenary", 5, 2, (0, 0), (4, 2), (0, 0)),
    Ally("Exiled Sorceress", 3, 3, (1, 0), (1, 0), (5, 2)),
    Ally("Elven Outrider", 3, 3, (4, 1), (2, 1), (1, 0)),
    Ally("Old Bear of the Deepwood", 6, 2, (0, 0), (5, 2), (0, 0)),
    Ally("Wandering Friar", 3, 2, (1, 0), (2, 1), (2, 1),
         (ability("Laying on of Hands", "activate", heal(wounds=1, target="party"),
                  exhaustion=1),)),
    Ally("Clockwork Tinker", 2, 2, (3, 1), (1, 0), (2, 1),
         (ability("Recalibrate", "combat_step", reroll(), exhaustion=1),)),
    Ally("Dwarven Pathfinder", 3, 3, (2, 1), (3, 1), (0, 0),
         (ability("Hidden Ways", "before_movement", extra_move(2)),)),
    Ally("Frostgate Huntress", 4, 3, (4, 2), (2, 1), (1, 0)),
    Ally("Gentle Giant of the Hills", 6, 4, (0, 0), (5, 2), (0, 0)),
    Ally("Veteran Sergeant", 5, 3, (2, 1), (4, 1), (1, 0)),
    Ally("Shieldmaiden of the North", 5, 3, (1, 0), (4, 1), (1, 0),
         (ability("Interpose", "combat_step", reduce_damage(1), exhaustion=1),)),
    Ally("Ranger of the Thornwood", 4, 3, (4, 1), (3, 1), (1, 0),
         (ability("Trailblaze", "after_movement", extra_move(1)),)),
    Ally("Vynelvale Spellsinger", 3, 4, (2, 1), (1, 0), (4, 1),
         (ability("Song of Rest", "activate", heal(wounds=1, target="party"), exhaustion=1),)),
    Ally("Knight of Dawnsmoor", 6, 3, (1, 0), (5, 2), (2, 1)),
    Ally("Greyhaven Battle-Scholar", 3, 3, (2, 1), (2, 1), (4, 1),
         (ability("Opening Hex", "before_combat", damage_enemy(1)),)),
    Ally("Nerekhall Runecaster", 4, 3, (2, 1), (1, 0), (5, 2),
         (ability("Rune Bolt", "before_combat", damage_enemy(1), exhaustion=1),)),
    Ally("Champion of the Silver Order", 6, 4, (3, 1), (5, 2), (2, 1),
         (ability("Guardian's Oath", "combat_step", reduce_damage(1), exhaustion=1),)),
]  # fmt: skip


def _strongest_step(ally: Ally) -> str:
    stats = {"ranged": ally.mind, "melee": ally.body, "magic": ally.spirit}
    return max(stats, key=lambda step: (stats[step][0], stats[step][1]))


def ally_card(card_id: str, ally: Ally, value: Callable[[Record], float] | None = None) -> Record:
    """An ally's market card, priced: cost = price(value), ``value`` being
    :func:`market_value` unless another yardstick is given (the packs' generator extends it)."""
    texts = [f"An ally who fights beside you, strongest in the {_strongest_step(ally)} step."]
    texts += [a["text"] for a in ally.abilities]
    card: Record = {
        "id": card_id,
        "name": ally.name,
        "kind": "ally",
        "cost": 0,
        "text": " ".join(texts),
        "life": ally.life,
        "stamina": ally.stamina,
        **stat_line(ally.mind, ally.body, ally.spirit),
    }
    if ally.abilities:
        card["abilities"] = list(ally.abilities)
    card["cost"] = price((value or market_value)(card))
    return card


def make_market() -> list[Record]:
    """Weapons, armour, artifacts, runes, then allies (m-01 ... m-84); cost = price(value)."""
    cards: list[Record] = []
    for kind, items in (
        ("weapon", WEAPON_CARDS),
        ("armour", ARMOUR_CARDS),
        ("artifact", ARTIFACT_CARDS),
        ("rune", RUNE_CARDS),
    ):
        for name, abilities in items:
            card: Record = {"id": "", "name": name, "kind": kind, "cost": 0}
            card["text"] = " ".join(a["text"] for a in abilities)
            card["abilities"] = list(abilities)
            card["cost"] = price(market_value(card))
            cards.append(card)
    cards += [ally_card("", ally) for ally in ALLY_CARDS]
    for index, card in enumerate(cards):
        card["id"] = f"m-{index + 1:02d}"
    return cards


# --- checks, build, write -------------------------------------------------------------------------
def check_market(cards: Sequence[Record]) -> None:
    for card in cards:
        low, high = PRICE_BANDS[card["kind"]]
        if not low <= card["cost"] <= high:
            raise ValueError(f"{card['name']} ({card['kind']}) costs {card['cost']}")
        if card["kind"] != "ally" and any(ability_value(a) <= 0 for a in card["abilities"]):
            raise ValueError(f"{card['name']} has an ability worth nothing")


def check_unique(records: Iterable[Record]) -> None:
    seen: set[str] = set()
    for record in records:
        for key in (record["id"], record["name"]):
            if key in seen:
                raise ValueError(f"duplicate id or name {key!r}")
            seen.add(key)


def build() -> dict[str, list[Record]]:
    """The three card lists, checked: ``{"heroes": [...], "adventures": [...], "market": [...]}``"""
    heroes, adventures, market = make_heroes(), make_adventures(), make_market()
    check_market(market)
    check_unique([*heroes, *adventures, *market])
    return {"heroes": heroes, "adventures": adventures, "market": market}


FILES = {
    "heroes": ("heroes.yaml", "Runebound base game: the 12 heroes."),
    "adventures": ("adventures.yaml", "Runebound base game: the 84 adventure cards."),
    "market": ("market.yaml", "Runebound base game: the 84 market cards (items and allies)."),
}


def dump(key: str, records: list[Record]) -> str:
    return records_yaml(key, records, FILES[key][1], "tools/generate_runebound_cards.py")


def write(folder: Path) -> list[Path]:
    """Write heroes.yaml, adventures.yaml and market.yaml into ``folder``; return their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for key, records in build().items():
        path = folder / FILES[key][0]
        path.write_text(dump(key, records), encoding="utf-8")
        written.append(path)
    return written


def report(cards: Mapping[str, list[Record]]) -> str:
    """The balance numbers: hero budgets, challenge means per colour, market cost vs value."""
    lines = ["hero budgets:"]
    lines += [f"  {h['name']:<32} {hero_budget(h):6.2f}" for h in cards["heroes"]]
    lines.append("challenges (mean step value, mean life):")
    for colour in SCALES:
        foes = [
            c for c in cards["adventures"] if c["colour"] == colour and c["kind"] == "challenge"
        ]
        values = [c[s]["value"] for c in foes for s in ("ranged", "melee", "magic") if s in c]
        lives = [c["life"] for c in foes]
        lines.append(
            f"  {colour:<7} {sum(values) / len(values):5.2f} {sum(lives) / len(lives):5.2f}"
        )
    lines.append("market (cost <- value):")
    lines += [
        f"  {c['kind']:<8} {c['name']:<32} {c['cost']:3d} <- {market_value(c):5.2f}"
        for c in cards["market"]
    ]
    return "\n".join(lines)


def main(argv: Sequence[str]) -> None:
    if "--report" in argv:
        print(report(build()))
        return
    for path in write(OUT):
        print(f"wrote {path}")


if __name__ == "__main__":
    main(sys.argv[1:])
