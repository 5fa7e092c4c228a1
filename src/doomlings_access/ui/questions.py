"""Pending decisions as numbered questions: a title, and one line per option.

The first option is always a valid answer, so answering 1 every time plays a game to its end.
A question is made from the asker's view (:class:`~doomlings_access.rules.view.PlayerView`):
their decision, their hand, why the cards not offered may not be played, the open table.
"""

from __future__ import annotations

from collections.abc import Callable

from doomlings_access.cards.model import TraitDef
from doomlings_access.cards.pieces import Hook, Use, hook_of, uses_of
from doomlings_access.rules.decisions import Kind, Reason
from doomlings_access.rules import events as ev
from doomlings_access.rules.decisions import Decision
from doomlings_access.rules.view import DRAWN_TO_PLAY, PlayerView
from doomlings_access.telling.questions import Option as Option
from doomlings_access.telling.questions import Question as Question
from doomlings_access.ui.words import PLAY_FAILED, Said, Style, card_speech, card_text, join, play_failed, why_not_played

TITLES = {
    "play_trait": "Your turn: play a trait",
    "play_another": "{src}: play another trait",
    "play_drawn": "{src}: play one of the cards you drew",
    "may_play_drawn": "{src}: you may play one of the cards you drew",
    "extra_play": "{src}: you may play another trait",
    "play_from_discard": "{src}: choose a card to play from the discard pile",
    "play_after_stabilizing": "{src}: play it now that you have stabilized?",
    "play_at_worlds_end": "World's End: play {src} from your hand?",
    "worlds_end_play": "{src}: you may play one more trait, without its action",
    "respond": "{about0} played {about1}. Play a trait out of turn?",
    "respond_own": "After your {about1}: play a trait out of turn?",
    "respond_own_action": "Before your {about1} acts: play a trait out of turn?",
    "respond_ignored": "{about0} played {about1}; its action is ignored this round. Play a trait out of turn?",
    "respond_action": "{about0} played {about1}, which reads: {text} Play a trait out of turn?",
    "respond_to_action": "{about0} {is} using the action of {about1}, which reads: {text} Play a trait out of turn?",
    "respond_to_action_read": "{about0} {is} using the action of {about1}. Play a trait out of turn?",
    "cannot_play": "You cannot play any trait this turn",
    "discard_to_stabilize": "Stabilize: choose a card to discard",
    "keep": "{src}: choose a card to keep",
    "keep_to_stabilize": "Stabilize: choose a card to keep",
    "discard": "{src}: choose a card to discard",
    "give": "{src}: choose a card to give to {about0}",
    "give_cards_to": "{src}: give cards to whom?",
    "give_a_card_to": "{src}: give a card to whom?",
    "give_trait": "{src}: choose one of your traits to give away",
    "give_trait_to": "{src}: give the trait to whom?",
    "give_card_to": "{src}: choose a card to give to {about0}",
    "give_last_card_to": "{src}: your one card goes to which neighbour?",
    "take_random_from": "{src}: take at random from whose hand?",
    "look_at_hand_of": "{src}: look at whose hand?",
    "show_card": "{src}: choose a card to show everyone; {about0} takes one of those shown",
    "take_and_play": "{src}: choose a card to take and play",
    "take_card": "{src}: choose a card to take",
    "swap_hands_with": "{src}: swap hands with whom?",
    "trade_looks_with": "{src}: look at hands with whom?",
    "name_colour_discard": "{src}: name a colour; every player discards their cards of it",
    "name_colour": "{src}: name a colour",
    "steal": "{src}: choose a trait to steal",
    "trade_for": "{src}: choose a trait to take in exchange",
    "swap_give": "{src}: choose one of your traits to swap",
    "swap_take": "{src}: choose a trait to swap {about0} with",
    "swap_first": "{src}: choose the first trait to swap",
    "swap_second": "{src}: choose the trait to swap {about0} with",
    "return_to_hand": "{src}: choose a trait to send back to its owner's hand",
    "discard_trait": "{src}: choose one of your traits to discard",
    "discard_their_trait": "{src}: choose a trait to discard from {about0}'s pile",
    "mutual_discard_with": "{src}: choose an opponent",
    "move_to": "{src}: move it into whose pile?",
    "resolve_action_of": "{src}: choose a trait whose action you use",
    "into_whose_pile": "{src}: into whose pile?",
    "discard_hand_and_stabilize": "{src}: discard your hand and stabilize?",
    "may_discard": "{src}: you may discard a card",
    "discard_dominant": "{src}: you may discard a dominant card",
    "may_skip_stabilize": "{src}: stabilize, or not?",
    "may_redraw": "{src}: stabilize, or discard your hand and draw 3?",
    "recolour_from": "{src}: recolour your traits of which colour?",
    "recolour_to": "{src}: recolour your {about0} traits into which colour?",
    "choose_worlds_end": "{src}: which catastrophe's World's End effect applies?",
}
YES_NO_TITLES = {"return_to_hand": "{src}: you played a green trait; take {src} back into your hand?"}

KEYWORDS = {
    "pass": "Pass",
    "no": "No",
    "yes": "Yes",
    "done": "Done",
    "skip": "Skip the turn",
    "redraw": "Discard your hand and draw 3",
    "stabilize": "Stabilize",
}
SAME_AS = {"pass": ("no", "none", "skip")}
"""Other words an answer takes: at "Play a trait out of turn?", "no" meant Pass but was
refused ("Not a choice: no")."""
KEYWORDS_BY_REASON = {
    ("may_skip_stabilize", "skip"): "Do not stabilize",
    ("recolour_from", "no"): "No change",
    ("extra_play", "no"): "No more plays",
    ("may_play_drawn", "no"): "Play none",
    ("worlds_end_play", "no"): "Play none",
}


ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
"""The step of a question asked several times over ("choose a card to discard, the first of 3")."""


def _action_to_come(view: PlayerView, card: int) -> bool:
    """Whether ``card``, just played, has an action still to come (not played without it)."""
    played = next((e for e in reversed(view.log) if isinstance(e, ev.TraitPlayed) and e.card == card), None)
    return bool(view.card(card).action) and not (played is not None and played.action_skipped)


def _title(view: PlayerView, d: Decision, card_read: bool = False) -> str:
    src = view.cards.by_id(d.source).name if d.source and d.source != "tie_break" else ""
    reason: str = d.reason  # (a wording key: the question's reason, or a finer one)
    if reason == "respond" and len(d.about) == 2 and view.card(int(d.about[1])).action:
        # Cancelling an action: say what the action does, unless the listener just heard it
        # read or it is their own card; an age that ignores actions makes it nothing to cancel.
        if view.age is not None and any(hook_of("round", p.effect) == Hook.ACTIONS_IGNORED for p in view.age.round):
            reason = "respond_ignored"
        elif not card_read and int(d.about[0]) != d.player:
            reason = "respond_action"
    if reason == "respond" and len(d.about) == 2 and int(d.about[0]) == d.player:
        # (just told: "You play Endurance." then "You played Endurance."); an action is still
        # to come: not "after" it
        reason = "respond_own_action" if _action_to_come(view, int(d.about[1])) else "respond_own"
    if reason == "respond_to_action" and int(d.about[0]) == d.player:
        reason = "respond_to_action_read"  # the asker's own card: they know it
    template = (YES_NO_TITLES if d.kind == Kind.YES_NO else {}).get(reason) or TITLES.get(reason)
    if template is None:
        template = "{src}: choose" if src else "Choose"
    about = list(d.about)
    fields = {"src": src or "Choose"}
    if d.reason in ("respond", "respond_to_action") and len(about) == 2:
        yours = int(about[0]) == d.player
        fields["about0"], fields["is"] = ("You", "are") if yours else (view.name(int(about[0])), "is")
        fields["about1"] = view.card(int(about[1])).name
        fields["text"] = view.card(int(about[1])).text
    elif about:
        v = about[0]
        if d.reason in ("recolour_to",):
            fields["about0"] = str(v)
        elif d.reason in ("swap_take", "swap_second"):
            fields["about0"] = view.card(int(v)).name
        else:
            fields["about0"] = view.name(int(v)) if isinstance(v, int) and v < view.n else str(v)
    text = template.format(**{k: fields.get(k, "") for k in ("src", "about0", "about1", "text", "is")})
    if d.of > 1:  # "choose a card to discard, the first of 5" (not "1 of 5": one of five cards?)
        text += f", the {ORDINALS[d.step - 1] if d.step <= len(ORDINALS) else f'number {d.step}'} of {d.of}"
    text += "" if text.endswith("?") else "."
    why_not = view.why_not
    held: list[int] = []
    if d.kind == Kind.PLAY and d.reason in ("play_trait", "play_another"):
        held = [c for c in view.hand if c not in d.options]
    elif d.reason in DRAWN_TO_PLAY and why_not:  # the cards just drawn that may not be played
        held = [c for c in why_not if c not in d.options]
    if d.reason in ("play_from_discard", "cannot_play") and why_not:  # one clause per reason
        said = why_not_played([(view.card(c).name, r) for c, r in why_not.items()])
        if said:
            text += f" Not playable now: {said}."
    if held:
        reasons = why_not_played([(view.card(c).name, why_not[c]) for c in held if why_not.get(c) in PLAY_FAILED])
        unexplained = [view.card(c).name for c in held if why_not.get(c) not in PLAY_FAILED]
        plain = join(unexplained) if unexplained else ""
        text += f" Not playable now: {'; '.join(part for part in (reasons, plain) if part)}."
    return text


def build_question(view: PlayerView, d: Decision, style: Style, card_read: bool = False) -> Question:
    """Describe decision ``d`` for the player who must answer it, from their view ``view``.
    ``card_read``: a question about a trait just played (may it be answered out of turn?)
    whose text the listener heard read with its play, and need not hear again. For a play,
    the view says why each card of the hand not offered may not be played now (the engine's
    reason); for a card to take and play, why an offered one could not be played (it would
    stay in the hand)."""
    why_not = view.why_not
    options = []
    for v in d.options:
        if isinstance(v, int) and d.kind in (Kind.PLAYER,):
            name = view.name(v)
            options.append(Option(v, name, name, (name.lower(),)))
        elif isinstance(v, int):
            t = view.card(v)
            text, speech = card_text(t, style), card_speech(t)
            if d.kind == Kind.TRAIT:
                owner = view.owner_of(v)
                if owner is not None and owner != d.player:
                    text += f", {view.name(owner)}'s pile"
                    speech += f", {view.name(owner)}'s pile"
            if d.kind != Kind.PLAY and why_not.get(v) in PLAY_FAILED:
                cannot = f", cannot be played now: {play_failed(why_not[v])}"
                text, speech = text + cannot, speech + cannot
            keys: tuple[str, ...] = (t.name.lower(), t.label.lower())
            if d.kind == Kind.RESPOND and sum(isinstance(o, int) for o in d.options) == 1:
                keys += ("yes", "y")  # "play a trait out of turn?" with one trait to play
            options.append(Option(v, text, speech, keys))
        elif d.kind == Kind.CATASTROPHE:  # Prepper: each World's End to choose from, read out
            c = view.cards.catastrophes[str(v)]
            said = f"{c.name}: {c.worlds_end_text}"
            options.append(Option(v, said, said, (c.name.lower(), c.label.lower())))  # "c grey goo"
        else:
            word = KEYWORDS_BY_REASON.get((d.reason, str(v))) or KEYWORDS.get(str(v)) or str(v).capitalize()
            options.append(Option(v, word, word, (str(v).lower(), word.lower(), *SAME_AS.get(str(v), ()))))
    title = _title(view, d, card_read)
    return Question(d, Said(title, title), tuple(options))


def passes_unasked(card: Callable[[int], TraitDef], d: Decision, any_time: str) -> bool:
    """Whether ``d`` is a chance, after another player's play, to play only traits one may
    play at any time, while the person keeps those for their own plays (``any_time`` is
    ``own``): nothing is lost by waiting, so it is answered "pass" without asking. (A holder
    was otherwise asked after every trait played, up to five times a round.)"""
    if any_time != "own" or d.kind != Kind.RESPOND or d.reason != "respond":
        return False
    if len(d.about) != 2 or d.about[0] == d.player:
        return False
    offered = [card(int(c)) for c in d.options if c != "pass"]
    return all(Use.PLAYED_AT_ANY_TIME in uses_of("out_of_turn", p) for trait in offered for p in trait.out_of_turn)


CARD_HELD = (Reason.PLAY_AFTER_STABILIZING, Reason.PLAY_AT_WORLDS_END)
"""Questions besides out-of-turn responses that the rules ask only of a player who holds a
trait for them (Late after stabilizing, Sneaky at World's End)."""


def asked_for_a_card_held(d: Decision) -> bool:
    """Whether ``d`` is asked only because its player holds a trait that fits the moment: a
    chance to play out of turn (the rules ask only those who hold one), Late's, Sneaky's.
    Asking it of a person who does not have the keyboard would hand it to them, and the
    others would learn what they hold."""
    return d.kind == Kind.RESPOND or d.reason in CARD_HELD
