"""The word lists of the concept rules (`threat_concept_words.py`), in the order they are
merged: each `threat_lexicon_*.py` module holds a concept family in its languages, and a
language's entries for one concept are the union of every module's. Imported on the first
text scanned, not with the scanner."""

from __future__ import annotations

from . import (
    threat_lexicon_africa,
    threat_lexicon_africa_se,
    threat_lexicon_all,
    threat_lexicon_answer,
    threat_lexicon_asia,
    threat_lexicon_before,
    threat_lexicon_chatstart,
    threat_lexicon_context,
    threat_lexicon_dravida,
    threat_lexicon_exfil,
    threat_lexicon_flood,
    threat_lexicon_frame,
    threat_lexicon_gael,
    threat_lexicon_indic,
    threat_lexicon_more,
    threat_lexicon_north,
    threat_lexicon_notask,
    threat_lexicon_only,
    threat_lexicon_own,
    threat_lexicon_question,
    threat_lexicon_reader,
    threat_lexicon_response,
    threat_lexicon_roleplay_east,
    threat_lexicon_roleplay_south,
    threat_lexicon_roleplay_west,
    threat_lexicon_setup,
    threat_lexicon_slant,
    threat_lexicon_slav,
    threat_lexicon_south,
    threat_lexicon_steppe,
    threat_lexicon_summary,
    threat_lexicon_tasks,
    threat_lexicon_unbound,
    threat_lexicon_units,
    threat_lexicon_west,
)

LEXICONS: tuple[dict[str, dict[str, tuple[str, ...]]], ...] = (
    threat_lexicon_asia.LEXICON, threat_lexicon_north.LEXICON,
    threat_lexicon_south.LEXICON, threat_lexicon_west.LEXICON,
    threat_lexicon_all.LEXICON,
    # round 12: thirty-odd more languages
    threat_lexicon_slav.LEXICON, threat_lexicon_africa.LEXICON,
    threat_lexicon_gael.LEXICON, threat_lexicon_indic.LEXICON,
    threat_lexicon_dravida.LEXICON, threat_lexicon_steppe.LEXICON,
    # round 14: "tasks" as what the model was told
    threat_lexicon_tasks.LEXICON,
    # round 19: the model's answer, and slipping a claim into it
    threat_lexicon_answer.LEXICON,
    # round 25: "only" and "instead", for the payload rule
    threat_lexicon_only.LEXICON,
    # round 26: "before this conversation started"
    threat_lexicon_chatstart.LEXICON,
    # round 26: "own", where the languages of India say "your"; a terminal
    threat_lexicon_own.LEXICON,
    # round 27: what to leave out
    threat_lexicon_slant.LEXICON,
    # round 27: the AI reader addressed, and told what to state
    threat_lexicon_reader.LEXICON,
    # round 28: the model's answer, where active content is to be put
    threat_lexicon_response.LEXICON,
    # round 28: a huge count, and going on without end
    threat_lexicon_flood.LEXICON, threat_lexicon_flood.WRITE,
    threat_lexicon_summary.LEXICON,
    # round 29: the reader told not to do its task; the text naming itself
    threat_lexicon_notask.LEXICON,
    # round 29: six languages of southern and eastern Africa
    threat_lexicon_africa_se.LEXICON,
    # round 29: twelve more languages of Asia, Africa and the Caribbean
    threat_lexicon_more.LEXICON,
    # round 30: how the answer is to begin or end, and who reads the text
    threat_lexicon_frame.LEXICON,
    # round 33: a question, whose answer is fixed; "before this
    # conversation" in forty-three more languages
    threat_lexicon_question.LEXICON, threat_lexicon_before.LEXICON,
    # round 33: without rules, never refusing, in the third person too;
    # a text's length in words, and a count of times
    threat_lexicon_unbound.LEXICON, threat_lexicon_units.LEXICON,
    # round 33: showing, the setup and its rules in fifteen languages, in
    # the forms a request takes (concords, mutations, genitives)
    threat_lexicon_setup.LEXICON,
    # round 34: the role-play jailbreaks' own words in ninety-six languages
    threat_lexicon_roleplay_east.LEXICON, threat_lexicon_roleplay_west.LEXICON,
    threat_lexicon_roleplay_south.LEXICON,
    # round 35: the context set aside; "everything" and "above" where forms were missing
    threat_lexicon_context.LEXICON,
    # round 36: the conversation as the data sent out
    threat_lexicon_exfil.LEXICON,
)
