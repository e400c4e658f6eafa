"""Refusals: every illegal command raises ``IllegalMove`` with a stable code and a rule id."""

from __future__ import annotations

from enum import StrEnum


class Code(StrEnum):
    """Stable error codes, shared by the engine, the API and the record verifier."""

    # State of the match
    MATCH_FINISHED = "match_finished"
    ROUND_NOT_STARTED = "round_not_started"
    ROUND_ALREADY_STARTED = "round_already_started"
    BAD_DEAL = "bad_deal"
    ENGINE_NOT_PLACED = "engine_not_placed"
    ENGINE_ALREADY_PLACED = "engine_already_placed"
    NO_ENGINE_DOUBLE = "no_engine_double"
    MUST_PLACE_ENGINE = "must_place_engine"
    # Whose turn
    UNKNOWN_SEAT = "unknown_seat"
    NOT_YOUR_TURN = "not_your_turn"
    # Plays
    TILE_NOT_IN_HAND = "tile_not_in_hand"
    UNKNOWN_TRAIN = "unknown_train"
    TILE_DOES_NOT_MATCH = "tile_does_not_match"
    TRAIN_CLOSED = "train_closed"
    FIRST_TURN_OWN_TRAIN_ONLY = "first_turn_own_train_only"
    OPEN_DOUBLE_PENDING = "open_double_pending"
    MUST_PLAY_DRAWN_TILE = "must_play_drawn_tile"
    DOUBLE_LIMIT = "double_limit"
    # Draw, pass, stop
    HAS_LEGAL_PLAY = "has_legal_play"
    ALREADY_DREW = "already_drew"
    BONEYARD_EMPTY = "boneyard_empty"
    NO_DRAW_ON_FIRST_TURN = "no_draw_on_first_turn"
    MUST_DRAW = "must_draw"
    TRAIN_STARTED = "train_started"
    STOP_NOT_ALLOWED = "stop_not_allowed"
    # Commands
    UNKNOWN_ACTION = "unknown_action"
    BAD_COMMAND = "bad_command"


class RulesetError(ValueError):
    """A ruleset that cannot be played (R1, R3, V1–V6); refused when a game is created."""

    def __init__(self, detail: str, rule: str = "R3") -> None:
        super().__init__(detail)
        self.detail = detail
        self.rule = rule


class IllegalMove(Exception):
    """A command the rules refuse: ``code`` is stable, ``rule`` is the RULES.md id it enforces."""

    def __init__(self, code: Code, rule: str, detail: str = "") -> None:
        super().__init__(f"{code.value} ({rule}): {detail}" if detail else f"{code.value} ({rule})")
        self.code = code
        self.rule = rule
        self.detail = detail

    def as_dict(self) -> dict[str, str]:
        return {"code": self.code.value, "rule": self.rule, "detail": self.detail}
