"""Minions of Cthulhu («Ктулхупоклонники»): every card at its timing (docs/rules/smashup.md §2.1),
and the §4 interactions of its Madness."""

from __future__ import annotations

from engine.smashup import GAME
from engine.smashup.cards import CARDS as GAME_CARDS
from engine.smashup.effects import G
from engine.smashup.keys import Ev
from engine.smashup.models import PlayCard, UseTalent
from tests.engine.smashup_helpers import (
    Table,
    answer,
    check_cards,
    end,
    find,
    has_prompt,
    keys,
    play,
    prompt,
    talent,
    where,
)

CULT = {1: ["minions-of-cthulhu", "kitty-cats"], 2: ["elder-things", "fairies"]}
CULT3 = {**CULT, 3: ["princesses", "mythic-horses"]}
QUIET = ["cat-fanciers-alley", "enchanted-glade", "fairy-ring"]
SCORING = ["ice-castle", *QUIET]  # ice-castle: breakpoint 15, 3/2/2


# --- minions -------------------------------------------------------------------------


def test_star_spawn_talent_gives_a_madness_card_from_your_hand_to_another_player() -> None:
    t = Table(CULT3, bases=[*QUIET, "pony-paradise"], madness=True)
    star = t.minion(1, "star-spawn", base=0)
    mad = t.hand(1, "madness")
    s, ev = talent(t.state, 1, star)
    p = prompt(s, 1)
    assert p.kind == "player" and p.options == [2, 3]
    s, ev = answer(s, 1, 3)
    assert where(s, mad) == "hand:3" and s.owners[mad] == 3  # its holder owns it now
    assert find(ev, "smashup-ev-madness-given").args == {"player": 1, "target": 3}
    assert G(s, []).madness_count(1) == 0 and G(s, []).madness_count(3) == 1
    check_cards(s)


def test_star_spawn_talent_needs_a_madness_card_in_hand() -> None:
    t = Table(CULT, bases=QUIET, madness=True)
    star = t.minion(1, "star-spawn", base=0)
    assert UseTalent(player=1, card=star) not in GAME.legal(t.state, 1)
    t.hand(1, "madness")
    assert UseTalent(player=1, card=star) in GAME.legal(t.state, 1)


def test_star_spawn_passing_madness_turns_the_end_game_penalty_around() -> None:
    """§4.5: Star-Spawn moves Madness between hands, and with it the penalty and the tie-break."""

    def finish(give: bool) -> list[int]:
        t = Table(CULT, bases=QUIET, madness=True, vp={1: 15, 2: 14})
        star = t.minion(1, "star-spawn", base=0)
        t.hand(1, "madness", "madness")  # 15 - 1 = 14 against 14: fewer Madness (player 2) wins
        s = t.state
        if give:
            s, _ = talent(s, 1, star)  # one other player: given at once
            assert G(s, []).madness_count(2) == 1
        s, _ = end(s, 1)
        assert s.phase == "over"
        return s.winners

    assert finish(give=False) == [2]
    assert finish(give=True) == [1]  # 15 with one Madness against 14 with one


def test_cthulhus_chosen_draws_a_madness_card_for_plus_2_before_its_base_scores() -> None:
    t = Table(CULT, bases=SCORING, madness=True)
    chosen = t.minion(1, "cthulhus-chosen", base=0)
    t.minion(1, "servitor", base=0)
    t.minion(1, "servitor", base=0)  # 7 for player 1
    t.minion(2, "mi-go", base=0)
    t.minion(2, "mi-go", base=0)
    t.minion(2, "byakhee", base=0)  # 8 for player 2
    s, ev = end(t.state, 1)  # 15: Ice Castle scores
    assert Ev.SCORING in keys(ev)
    p = prompt(s, 1)
    assert p.options == [chosen] and p.min == 0  # a Special from play, used or passed
    s, ev = answer(s, 1, chosen)
    assert find(ev, Ev.USED_SPECIAL).args["card"] == "cthulhus-chosen"
    assert find(ev, Ev.MADNESS_DRAWN).args == {"player": 1, "count": 1}
    places = {e.args["player"]: (e.args["place"], e.args["power"]) for e in ev if e.key == Ev.PLACE}
    assert places == {1: (1, 9), 2: (2, 8)}  # used once a scoring: the window closes
    assert G(s, []).madness_count(1) == 1


def test_cthulhus_chosen_is_offered_only_on_the_scoring_base_and_with_madness_to_draw() -> None:
    t = Table(CULT, bases=SCORING, madness=True)
    t.minion(1, "cthulhus-chosen", base=1)  # elsewhere
    for c in ("mi-go", "mi-go", "mi-go", "shoggoth"):
        t.minion(2, c, base=0)  # 15 on Ice Castle
    s, ev = end(t.state, 1)
    assert not has_prompt(s, 1) and Ev.PLACE in keys(ev)
    t = Table(CULT, bases=SCORING, madness=True)
    t.minion(1, "cthulhus-chosen", base=0)
    for c in ("mi-go", "mi-go", "mi-go", "byakhee", "tinx"):
        t.minion(2, c, base=0)
    t.state.madness = []  # the Madness deck is empty: the +2 can't be paid for
    s, ev = end(t.state, 1)
    assert not has_prompt(s, 1) and Ev.PLACE in keys(ev)


def test_servitor_talent_destroys_it_to_put_an_action_from_your_discard_on_top_of_your_deck() -> None:
    t = Table(CULT, bases=QUIET, madness=True)
    servitor = t.minion(1, "servitor", base=0)
    corruption = t.discard(1, "corruption")
    t.discard(1, "star-spawn")  # a minion: not offered
    s, ev = talent(t.state, 1, servitor)
    assert where(s, servitor) == "discard:1" and Ev.DESTROYED in keys(ev)
    assert s.decks[1][-1] == corruption  # the only action: put there at once
    assert find(ev, "smashup-ev-to-top").args == {"owner": 1, "card": "corruption"}


def test_servitor_talent_asks_which_action_and_is_offered_only_with_one_in_the_discard_pile() -> None:
    t = Table(CULT, bases=QUIET, madness=True)
    servitor = t.minion(1, "servitor", base=0)
    assert UseTalent(player=1, card=servitor) not in GAME.legal(t.state, 1)
    seal, whispers = t.discard(1, "the-seal-is-broken", "whispers-in-darkness")
    s, _ = talent(t.state, 1, servitor)
    assert set(prompt(s, 1).options) == {seal, whispers}
    s, _ = answer(s, 1, whispers)
    assert s.decks[1][-1] == whispers and where(s, seal) == "discard:1"


def test_servitor_brings_no_action_back_when_it_is_not_destroyed() -> None:
    t = Table(CULT, bases=["pony-paradise", *QUIET[:2]], madness=True)
    servitor = t.minion(1, "servitor", base=0)
    t.minion(1, "cthulhus-chosen", base=0)  # two of yours on Pony Paradise: can't be destroyed
    corruption = t.discard(1, "corruption")
    s, ev = talent(t.state, 1, servitor)
    assert Ev.PROTECTED in keys(ev) and where(s, servitor) == f"base:{t.base(0)}"
    assert where(s, corruption) == "discard:1" and not s.prompts


# --- actions -------------------------------------------------------------------------


def test_altar_to_cthulhu_gives_an_extra_action_after_each_minion_you_play_there() -> None:
    t = Table(CULT, bases=QUIET, madness=True)
    altar = t.hand(1, "altar-to-cthulhu")
    chosen, servitor, other = t.hand(1, "cthulhus-chosen", "servitor", "servitor")
    s, ev = play(t.state, 1, altar, base=t.base(0))
    assert where(s, altar) == f"base:{t.base(0)}" and not any(c.action for c in s.credits)
    s, ev = play(s, 1, chosen, base=t.base(0))
    assert find(ev, Ev.EXTRA_PLAY).args["source"] == "altar-to-cthulhu"
    assert sum(c.action for c in s.credits) == 1
    G(s, []).credit(1, "test", minion=True)
    G(s, []).credit(1, "test", minion=True)
    s, ev = play(s, 1, servitor, base=t.base(0))  # every time (original print, not once a turn)
    assert sum(c.action for c in s.credits) == 2
    s, ev = play(s, 1, other, base=t.base(1))  # not here: nothing
    assert sum(c.action for c in s.credits) == 2


def test_altar_to_cthulhu_ignores_other_players_minions() -> None:
    t = Table(CULT, bases=QUIET, madness=True, current=2)
    t.on_base(1, "altar-to-cthulhu", base=0)
    byakhee = t.hand(2, "byakhee")
    _, ev = play(t.state, 2, byakhee, base=t.base(0))
    assert Ev.EXTRA_PLAY not in keys(ev)


def test_complete_the_ritual_is_played_only_on_a_base_where_you_have_a_minion() -> None:
    t = Table(CULT, bases=QUIET, madness=True)
    ritual = t.hand(1, "complete-the-ritual")
    t.minion(1, "servitor", base=1)
    t.minion(2, "mi-go", base=2)
    bases = {a.base for a in GAME.legal(t.state, 1) if isinstance(a, PlayCard) and a.card == ritual}
    assert bases == {t.base(1)}


def test_complete_the_ritual_at_the_start_of_your_turn_bottoms_every_card_here_and_swaps_the_base() -> None:
    t = Table(CULT, bases=QUIET, madness=True, current=2)
    old = t.base(0)
    ritual = t.on_base(1, "complete-the-ritual", base=0)
    servitor = t.minion(1, "servitor", base=0)
    chain = t.on_minion(2, "daisy-chain", servitor)  # another player's action on my minion
    migo = t.minion(2, "mi-go", base=0)
    enchant = t.on_base(2, "enchantment", base=0)
    elsewhere = t.minion(1, "star-spawn", base=1)
    top = t.state.base_deck[-1]
    s, ev = end(t.state, 2)  # player 2 ends; player 1's turn begins
    assert s.current == 1
    assert [b.uid for b in s.bases] == [top, t.base(1), t.base(2)]  # the new base takes its place
    assert s.base_deck[-1] == old  # the old one lies on top of the base deck
    assert find(ev, Ev.BASE_DONE).args == {"base": "cat-fanciers-alley", "new_base": s.cards[top]}
    assert set(s.decks[1][:2]) == {ritual, servitor}
    assert set(s.decks[2][:3]) == {chain, migo, enchant}  # the owners' decks, at the bottom
    assert where(s, elsewhere) == f"base:{t.base(1)}"
    assert not s.bases[0].minions and not s.bases[0].actions
    assert Ev.DESTROYED not in keys(ev)  # leaving play, not destruction
    check_cards(s)


def test_complete_the_ritual_does_nothing_at_the_start_of_another_players_turn() -> None:
    t = Table(CULT, bases=QUIET, madness=True)
    ritual = t.on_base(1, "complete-the-ritual", base=0)
    s, _ = end(t.state, 1)
    assert s.current == 2 and where(s, ritual) == f"base:{t.base(0)}"


def test_corruption_draws_a_madness_card_then_destroys_a_minion() -> None:
    t = Table(CULT, bases=QUIET, madness=True)
    corruption = t.hand(1, "corruption")
    migo = t.minion(2, "mi-go", base=0)
    servitor = t.minion(1, "servitor", base=1)
    s, ev = play(t.state, 1, corruption)
    assert find(ev, Ev.MADNESS_DRAWN).args["player"] == 1 and len(s.madness) == 29
    assert set(prompt(s, 1).options) == {migo, servitor}
    s, ev = answer(s, 1, migo)
    assert where(s, migo) == "discard:2" and where(s, corruption) == "discard:1"


def test_cthulhu_fhtagn_reveals_until_two_actions_takes_them_and_bottoms_the_rest() -> None:
    t = Table(CULT, bases=QUIET, madness=True)
    fhtagn = t.hand(1, "cthulhu-fhtagn")
    begins, servitor, corruption, chosen = t.deck_top(
        1, "it-begins-again", "servitor", "corruption", "cthulhus-chosen"
    )  # from the top: Chosen, Corruption, Servitor, It Begins Again
    s, ev = play(t.state, 1, fhtagn)
    assert find(ev, Ev.REVEALED).args == {
        "player": 1,
        "cards": ["cthulhus-chosen", "corruption", "servitor", "it-begins-again"],
    }
    assert set(s.hands[1]) == {corruption, begins}
    assert s.decks[1][:2] == [servitor, chosen]  # the rest on the bottom, in the order revealed
    check_cards(s)


def test_cthulhu_fhtagn_counts_a_madness_card_as_an_action() -> None:
    t = Table(CULT, bases=QUIET, madness=True)
    fhtagn = t.hand(1, "cthulhu-fhtagn")
    corruption, mad, star = t.deck_top(1, "corruption", "madness", "star-spawn")
    s, ev = play(t.state, 1, fhtagn)
    assert find(ev, Ev.REVEALED).args["cards"] == ["star-spawn", "madness", "corruption"]
    assert set(s.hands[1]) == {mad, corruption} and s.decks[1][0] == star


def test_cthulhu_fhtagn_reshuffles_an_empty_deck_and_stops_at_the_second_action() -> None:
    t = Table(CULT, bases=QUIET, madness=True)
    fhtagn = t.hand(1, "cthulhu-fhtagn")
    t.empty_deck(1)
    s, ev = play(t.state, 1, fhtagn)
    assert Ev.RESHUFFLED in keys(ev)
    shown = find(ev, Ev.REVEALED).args["cards"]
    assert isinstance(shown, list)
    actions = [c for c in shown if not GAME_CARDS[str(c)].minion]
    assert len(actions) == 2 and not GAME_CARDS[str(shown[-1])].minion
    assert sorted(s.cards[c] for c in s.hands[1]) == sorted(str(c) for c in actions)
    assert len(s.decks[1]) == 39 - 2 and s.discards[1] == [fhtagn]
    check_cards(s)


def test_furthering_the_cause_gains_1_vp_at_the_end_of_a_turn_an_opponents_minion_died_there() -> None:
    t = Table(CULT, bases=QUIET, madness=True)
    further = t.hand(1, "furthering-the-cause")
    corruption = t.hand(1, "corruption")
    migo = t.minion(2, "mi-go", base=0)
    s, _ = play(t.state, 1, corruption)  # the destruction comes first (the only target) ...
    assert where(s, migo) == "discard:2"
    G(s, []).credit(1, "test", action=True)
    s, _ = play(s, 1, further, base=t.base(0))  # ... the card is played later the same turn
    s, ev = end(s, 1)
    assert find(ev, Ev.VP).args == {"player": 1, "points": 1, "source": "furthering-the-cause"}
    assert s.vp[1] == 1


def test_furthering_the_cause_counts_every_players_turn_but_not_your_own_minions() -> None:
    t = Table(
        {1: ["minions-of-cthulhu", "kitty-cats"], 2: ["elder-things", "kitty-cats"]}, bases=QUIET, current=2
    )
    t.on_base(1, "furthering-the-cause", base=0)
    lives = t.hand(2, "nine-lives")
    migo = t.minion(2, "mi-go", base=0)
    s, _ = play(t.state, 2, lives)  # player 2 destroys their own minion there, on their turn
    assert where(s, migo) == "discard:2"
    s, _ = end(s, 2)
    assert s.vp[1] == 1
    t = Table(CULT, bases=QUIET, madness=True)
    t.on_base(1, "furthering-the-cause", base=0)
    corruption = t.hand(1, "corruption")
    mine = t.minion(1, "servitor", base=0)
    theirs = t.minion(2, "mi-go", base=1)  # another base
    s, _ = play(t.state, 1, corruption)
    s, _ = answer(s, 1, mine)  # your own minion here, not theirs elsewhere
    assert where(s, mine) == "discard:1"
    s, _ = end(s, 1)
    assert s.vp[1] == 0 and where(s, theirs) == f"base:{t.base(1)}"


def test_it_begins_again_shuffles_any_number_of_actions_from_your_discard_into_your_deck() -> None:
    t = Table(CULT, bases=QUIET, madness=True)
    begins = t.hand(1, "it-begins-again")
    corruption, seal, servitor = t.discard(1, "corruption", "the-seal-is-broken", "servitor")
    s, _ = play(t.state, 1, begins)
    p = prompt(s, 1)
    assert set(p.options) == {corruption, seal} and (p.min, p.max) == (0, 2)
    s, _ = answer(s, 1, corruption, seal)
    assert where(s, corruption) == where(s, seal) == "deck:1"
    assert where(s, servitor) == "discard:1" and where(s, begins) == "discard:1"


def test_madness_unleashed_discards_madness_for_a_card_and_an_extra_action_each() -> None:
    t = Table(CULT, bases=QUIET, madness=True)
    unleashed = t.hand(1, "madness-unleashed")
    m1, m2 = t.hand(1, "madness", "madness")
    servitor = t.hand(1, "servitor")
    s, _ = play(t.state, 1, unleashed)
    p = prompt(s, 1)
    assert set(p.options) == {m1, m2} and p.min == 0 and servitor not in p.options
    s, ev = answer(s, 1, m1, m2)
    assert where(s, m1) == where(s, m2) == "discard:1"  # its holder's pile
    assert find(ev, Ev.DREW).args["count"] == 2
    assert sum(c.action for c in s.credits) == 2


def test_recruit_by_force_puts_minions_of_power_3_or_less_from_discard_on_top_of_your_deck() -> None:
    t = Table(CULT, bases=QUIET, madness=True)
    recruit = t.hand(1, "recruit-by-force")
    star, chosen, servitor = t.discard(1, "star-spawn", "cthulhus-chosen", "servitor")
    s, _ = play(t.state, 1, recruit)
    p = prompt(s, 1)
    assert set(p.options) == {chosen, servitor} and p.ordered and p.min == 0  # Star-Spawn is 5
    s, _ = answer(s, 1, chosen, servitor)
    assert s.decks[1][-2:] == [servitor, chosen]  # the first picked on top
    assert where(s, star) == "discard:1"


def test_the_seal_is_broken_draws_a_madness_card_and_gains_1_vp() -> None:
    t = Table(CULT, bases=QUIET, madness=True)
    seal = t.hand(1, "the-seal-is-broken")
    s, ev = play(t.state, 1, seal)
    assert s.vp[1] == 1 and G(s, []).madness_count(1) == 1
    assert keys(ev).index(Ev.MADNESS_DRAWN) < keys(ev).index(Ev.VP)


def test_whispers_in_darkness_draws_a_madness_card_and_gives_two_extra_actions() -> None:
    t = Table(CULT, bases=QUIET, madness=True)
    whispers = t.hand(1, "whispers-in-darkness")
    s, ev = play(t.state, 1, whispers)
    assert G(s, []).madness_count(1) == 1
    assert sum(c.action for c in s.credits) == 2 and keys(ev).count(Ev.EXTRA_PLAY) == 2


# --- §4 interactions -------------------------------------------------------------------


def test_madness_drawn_for_the_seal_is_broken_is_paid_back_at_the_end() -> None:
    """§4.5: the penalty applies before the winner is chosen — the Seal's VP is eaten by its Madness."""
    t = Table(CULT, bases=QUIET, madness=True, vp={1: 14, 2: 15})
    t.discard(1, "madness")
    seal = t.hand(1, "the-seal-is-broken")
    s, _ = play(t.state, 1, seal)
    assert s.vp[1] == 15
    s, ev = end(s, 1)
    assert s.phase == "over" and s.winners == [2]
    assert find(ev, Ev.MADNESS_PENALTY).args == {"player": 1, "madness": 2, "points": 1}


def test_a_madness_card_drawn_by_whispers_is_played_as_one_of_its_extra_actions() -> None:
    t = Table(CULT, bases=QUIET, madness=True)
    whispers = t.hand(1, "whispers-in-darkness")
    s, _ = play(t.state, 1, whispers)
    mad = next(c for c in s.hands[1] if s.cards[c] == "madness")
    s, _ = play(s, 1, mad)
    s, _ = answer(s, 1, "return-madness")
    assert where(s, mad) == "madness" and G(s, []).madness_count(1) == 0
    assert sum(c.action for c in s.credits) == 1
