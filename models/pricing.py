"""Building prices: the deed's listed costs (CL, SG) or the PX ABSD schedule by the house's ordinal."""

from __future__ import annotations

from models.board import Street
from models.profile import Profile


def step_price(profile: Profile, street: Street, step: int) -> int:
    """The price of building step `step` (1-4 the n-th house on the plot, 5 the hotel)."""
    if profile.building == "on_landing":
        # PX 6.2.8: base (the zone's house cost), +20% for the 2nd, +30% for the 3rd, 4th and
        # hotel, rounded up to a whole M.
        surcharge = profile.building_surcharge_percent[step - 1]
        return -(-street.house_cost * (100 + surcharge) // 100)
    return street.hotel_cost if step == 5 else street.house_cost


def preview(profile: Profile, street: Street, before: int, after: int) -> list[tuple[int, int]]:
    """Each step from `before` to `after` with its price: the cost preview the banker reads out
    (PX: "2nd house 180, 3rd 195" on an RCR plot)."""
    return [(step, step_price(profile, street, step)) for step in range(before + 1, after + 1)]


def steps_price(profile: Profile, street: Street, before: int, after: int) -> int:
    """The price of taking a plot from `before` steps to `after`."""
    return sum(step_price(profile, street, step) for step in range(before + 1, after + 1))
