"""The league's rules engine: Tarot-Bière and FFT scoring, framework-free.

Pure Python (standard library only, no Django): the site feeds it recorded
facts and shows what it computes. Points are ``Decimal``, jetons ``int``,
averages ``Fraction``; every human-readable string is a translatable
:class:`Message`; every rejected input raises :class:`InvalidInput` listing
all its problems with their season-format paths.
"""

from .adjustments import ADJUSTMENT_KINDS, Adjustment, summed_adjustments
from .comptes_rendus import (
    CompteRenduRecord,
    OpenDeadline,
    compte_rendu_adjustments,
    manche_deadlines,
    next_deadline,
    open_deadline,
    rejection_deadline,
    wall_clock_add_days,
)
from .deadlines import Deadlines
from .donne import (
    ContractDonne,
    DonneResult,
    MisereAnnouncement,
    MisereGame,
    Penalty,
    Poignee,
    donne_from_fields,
    penalty_fields,
    pot_shares,
    score_donne,
    validate_donne,
)
from .errors import InvalidInput, RuleViolation
from .explain import explain_lines, explain_player, explain_season, explanation_lengths
from .first_season import earliest_season
from .flow import Transfer, point_flow
from .manche import QuickResult, RankingEntry, manche_bonuses, rank_manche, vainqueurs, validate_quick_results
from .memory import cycle_collector_paused
from .messages import Message, Plural, gettext_noop
from .numbers import json_number, to_decimal
from .progression import average_progression
from .rating import RatedManche, RatingChange, Ratings, compute_ratings, rated_manches
from .rule_change import HandsChange, RankChange, RuleChangeEffect, rule_change_effect
from .ruleset import CONTRACTS, FAMILIES, PARAM_KEYS, RuleSet, placed_params, ruleset_for, season_year
from .season import (
    Accessit,
    Award,
    MancheInput,
    MancheOutcome,
    PlayerInfo,
    SeasonInput,
    SeasonResult,
    StandingRow,
    changes_after,
    compute_season,
    validate_season,
)
from .sheet import PlayerStats, SheetResult, next_dealer, score_sheet

__all__ = [
    "cycle_collector_paused",
    "average_progression",
    "ADJUSTMENT_KINDS",
    "CONTRACTS",
    "FAMILIES",
    "PARAM_KEYS",
    "Accessit",
    "Adjustment",
    "Award",
    "CompteRenduRecord",
    "ContractDonne",
    "DonneResult",
    "InvalidInput",
    "MancheInput",
    "MancheOutcome",
    "Message",
    "MisereAnnouncement",
    "MisereGame",
    "OpenDeadline",
    "Penalty",
    "PlayerInfo",
    "PlayerStats",
    "Plural",
    "Poignee",
    "QuickResult",
    "HandsChange",
    "RankChange",
    "RuleChangeEffect",
    "RatedManche",
    "RatingChange",
    "Ratings",
    "RankingEntry",
    "RuleSet",
    "RuleViolation",
    "SeasonInput",
    "SeasonResult",
    "SheetResult",
    "StandingRow",
    "Transfer",
    "compte_rendu_adjustments",
    "compute_ratings",
    "changes_after",
    "compute_season",
    "explain_lines",
    "explain_player",
    "explain_season",
    "explanation_lengths",
    "gettext_noop",
    "json_number",
    "manche_bonuses",
    "Deadlines",
    "manche_deadlines",
    "next_deadline",
    "next_dealer",
    "open_deadline",
    "point_flow",
    "pot_shares",
    "rank_manche",
    "rule_change_effect",
    "rated_manches",
    "rejection_deadline",
    "placed_params",
    "ruleset_for",
    "season_year",
    "donne_from_fields",
    "earliest_season",
    "penalty_fields",
    "score_donne",
    "score_sheet",
    "summed_adjustments",
    "to_decimal",
    "vainqueurs",
    "validate_donne",
    "validate_quick_results",
    "validate_season",
    "wall_clock_add_days",
]
