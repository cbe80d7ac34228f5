"""Opening auctions: a deed the Bank sells, again after a winner could not pay, or in a queue."""

from __future__ import annotations

from models import events as ev
from models.events import Resume
from models.state import Auction
from models.table import Scratch


def open_auction(t: Scratch, space: int, excluded: list[str], *, queue: list[int] | None = None,
                 resume: Resume = "resolving") -> None:
    """Open the bidding on a deed at the profile's opening bid (a fixed sum or the board price)."""
    if t.profile.auction_opening == "board_price":
        opening = t.board.deed(space).price
    else:
        opening = t.profile.auction_opening_bid
    t.emit(ev.AuctionOpened(space=space, opening_bid=opening, excluded=excluded,
                            queue=queue or [], resume=resume))


def auction_event(auction: Auction, excluded: list[str], **changes: object) -> ev.AuctionOpened:
    """The same auction opened again (some bidders struck out), or the next of its queue."""
    fields: dict[str, object] = {
        "space": auction.space, "kind": auction.kind, "opening_bid": auction.opening_bid,
        "excluded": excluded, "queue": auction.queue, "resume": auction.resume,
        "seller": auction.seller, "minimum": auction.minimum, "creditor": auction.creditor,
    }
    fields.update(changes)
    return ev.AuctionOpened.model_validate(fields)


def next_in_queue(t: Scratch, auction: Auction) -> bool:
    """Open the next deed of the auction's queue, if any; True if one was opened."""
    if not auction.queue:
        return False
    if auction.kind == "mortgagee":
        space = auction.queue[0]
        t.emit(auction_event(auction, excluded=[auction.seller or ""], space=space,
                             queue=auction.queue[1:],
                             opening_bid=t.board.deed(space).mortgage))
    else:
        open_auction(t, auction.queue[0], excluded=[], queue=auction.queue[1:],
                     resume=auction.resume)
    return True


def struck_out(t: Scratch, auction: Auction) -> bool:
    """A winner who cannot pay: the auction is cancelled and held again without them (all
    profiles). True if that happened."""
    winner, amount = auction.high_bidder, auction.high_bid
    if winner is None or amount is None or t.state.player(winner).cash >= amount:
        return False
    t.emit(ev.AuctionWinnerStruckOut(player=winner, space=auction.space, amount=amount))
    t.emit(auction_event(auction, excluded=[*auction.excluded, winner]))
    return True
