from typing import Literal

BotStrategyEnum = Literal["greedy", "mc", "random", "smart", "strong"]

BOT_STRATEGY_ENUM_VALUES: set[BotStrategyEnum] = {
    "greedy",
    "mc",
    "random",
    "smart",
    "strong",
}


def check_bot_strategy_enum(value: str) -> BotStrategyEnum:
    if value in BOT_STRATEGY_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {BOT_STRATEGY_ENUM_VALUES!r}")
