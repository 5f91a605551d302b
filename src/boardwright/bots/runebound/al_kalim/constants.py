"""The numbers of the bot's Al-Kalim play, in gold pieces (the scale of
:mod:`boardwright.bots.runebound.constants`) and turns."""

from __future__ import annotations

from boardwright.games.runebound.adventures.al_kalim.content import GEAR_KINDS

# --- values, in gold pieces (the scale of the base bot) ---------------------------------------
QUEST_REWARD = 30.0  # a legendary reward: a quarter of the way to victory (AK-12.1)
QUEST_GAMMA = 0.9  # a quest's value kept per turn it still needs
LEGEND_BASE = 3.0  # drawing a quest at all: an empty legend space does nothing
LIMIT_STEP = 10.0  # per legend space a counter would add once spent (AK-10.3, AK-10.4)
AMBUSH_SHARE = 0.2  # how much a limit counter's ambush deck weighs (night dunes rolls, AK-8.9)
STORM_SYMBOL = 0.1  # moving or turning the sandstorm (the bot steers it)
ROCK_GOLD = 1.0  # AK-8.5
CAMEL_VALUE = 1.0  # a pack camel used up (its price)
WATERSKIN_KEEP = 1.0  # a waterskin kept for a harder day
WATERSKIN_WISH = 1.3  # a waterskin bought: the next day of travel
KIT_WISH = 0.8  # an adventurer's kit for quests still to come
CAMEL_WISH = 0.7  # a pack camel without a reason
CAMEL_STORM_WISH = 2.0  # a pack camel when a quest place lies under the sandstorm
URGENT_GEAR = 2.5  # gear worth this much is bought before cards and healing
DISCARD_BELOW = 1.5  # a quest worth less is given up (AK-10.6)
DISCARD_GAP = 4.0  # with a full quest board: a quest the stacks beat by this (and twice over)
LOST_CITY_ROLLS = 6.0  # story rolls to wait for the canyon (AK-8.7)
COUNTER_WAIT = 4.0  # turns until an empty gem hex gets a counter again (AK-6.7, AK-8.1)
KO_EXTRA = 4.0  # a knock-out in Al-Kalim: the way back from the nearest city (AK-16.1)
GEAR_LOST = 1.0  # per survival-gear token lost to a knock-out (AK-9.6)
STAMINA_XP = 0.3  # a stamina counter: room for the day's exhaustion (AK-5.5)
REACH = 5  # hexes a turn's movement may cover: this turn's day or night decides there
POWER_VALUE = {"dreams": 0.6, "clouds": 1.0}  # AK-14.6, AK-14.7 (faith heals: counted apart)
STORY_ORDER = ("rock", "road", "mirage", "wasteland", "lowland", "canyon", "dunes")
"""Story symbols in the order resolved: gold before a bazaar, rest and healing before a night
ambush, the lost city (and Faith's healing) before the ambush as well."""
CAMEL, WATERSKIN, KIT = GEAR_KINDS
