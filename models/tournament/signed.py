"""What a tournament keeps of its judges' signatures: the seal on each decision (a tie ruling,
a withdrawal, a standby called in) and, for a tournament kept in a file, its judges' keys.

Pure data: the signing and the checking are app.signing's; the hub keeps its judges apart
(hub_judges, hub_judge_keys), so a tournament on a hub has no `judges` of its own."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

JudgeName = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^\S(.*\S)?$")]


class DecisionSeal(BaseModel):
    """A decision's proof (app.signing.decisions.Seal): its judge, its number in the
    tournament's chain of decisions, when (ISO-8601, UTC), the hash of the decision before it,
    and the judge's Ed25519 signature (base64)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    judge: JudgeName
    number: int = Field(ge=1)
    at: str = Field(min_length=1, max_length=40)
    prev: str = Field(pattern=r"^[0-9a-f]{64}$")
    signature: str = Field(min_length=1, max_length=200)


class TournamentJudge(BaseModel):
    """A judge of a tournament kept in a file: the PIN's argon2 hash, the public key and the
    private key sealed under the PIN (never the PIN itself)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: JudgeName
    pin_hash: str = Field(min_length=1, max_length=200)
    public_key: str = Field(min_length=1, max_length=200)
    sealed_key: str = Field(min_length=1, max_length=2000)
    at: datetime
