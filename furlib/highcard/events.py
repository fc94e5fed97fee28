"""The kinds of event a High Card game writes (the ``event`` column of ``game.history``)."""

DEAL = "deal"          #: a card is dealt (public: to whom; secret, to its owner: which card)
CHOOSE = "choose"      #: a player has chosen a card (public: that they chose; secret: which)
REVEAL = "reveal"      #: every chosen card is shown; data: cards (by player), taker (or None)
WIN = "win"            #: the game ends; data: winners

KINDS = (DEAL, CHOOSE, REVEAL, WIN)
