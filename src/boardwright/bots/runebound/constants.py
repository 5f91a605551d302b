"""The heuristic Runebound bot's numbers: the combat steps, what things are worth in gold pieces
(the scale every value of the bot, and of an adventure's play, is on), and its tuning."""

from __future__ import annotations

STEP_NAMES = ("ranged", "melee", "magic")
STEP_STATS = ("mind", "body", "spirit")
XP_KINDS = ("mind", "body", "spirit", "stamina", "life")

# --- values, in gold pieces --------------------------------------------------------------------
WIN_VALUE = 100.0  # winning the game (High Lord Margath, the third Dragon Rune)
XP_POINT = 0.8  # one point of experience (an adventure counter's back)
WOUND = 1.5  # a wound on the hero (healing costs 1 gold and time)
EXHAUSTION = 0.4  # an exhaustion counter (resting costs movement)
CORRUPTION = 4.0  # Cult of the Rune (CR-21): a corruption marker: a point of life and stamina
# until removed by experience, and a victory-point card
MARKET_CARD = 3.0  # a free market card as a reward
MASTERY = 3.0  # mastery of a skill (AK-9.9): its tests certain, about a +10 test bonus
KEPT_POINT = 1.5  # RB-4.11: a kept card's lasting point of a stat, armour or life, or a wound
KNOCKOUT_BASE = 3.0  # a knock-out's cost besides gold and allies (lost time, the undefeated card)
ENCOUNTER = 0.5  # drawing an encounter instead of a challenge
ALLY_DISCOUNT = 0.6  # allies die; their fighting value counts this much
STRENGTH_FIGHTS = 4.0  # fights of a colour a strength gain is expected to help with
GAMMA = 0.75  # value kept per turn of travel
HEXES_PER_TURN = 4.0  # five dice carry a hero about four hexes towards a far target (ADVANCE)
CITY_LOTTERY = 0.3  # the unknown market card a city visit turns up
CHALLENGE_ARMOUR = True  # count a challenge's passive damage reduction against the hero's hits
KAPPAS = (0.25, 1.0, 4.0)  # knock-out cost / win value levels the fight tables are solved for
# entries kept per process and knowledge: fight tables (small, reading a grid's odds), the
# fight grids they read (with what growing them needs), the rounds of each plan (a few kB each)
# and values; with all full a process of 40 four-player Al-Kalim games stays under 200 MB
# (benchmarks/bench_bots.py --memory)
FIGHT_TABLES_KEPT = 100_000
FIGHT_GRIDS_KEPT = 20_000
PLAN_ROUNDS_KEPT = 4_000
VALUES_KEPT = 100_000
SIGNATURES_KEPT = 20_000  # fight signatures by number (the memos above key on the number)
SHOPPING_RANGE = 10  # hexes: market stacks farther away are not worth a trip
