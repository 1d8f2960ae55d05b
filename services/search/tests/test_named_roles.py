"""The role a question asks a person by, and sentences naming a person beside it."""

from __future__ import annotations

from harper_search.named_roles import asked_role, names_beside, same_word


def test_the_role_is_the_word_after_which_or_who() -> None:
    assert asked_role("which operator tipped the forklift") == "operator"
    assert asked_role("who's operating the new loader?") == "operating"
    assert asked_role("who is the foreman on the night shift") == "foreman"
    assert asked_role("what did they say about the roof") is None  # "did" names no role
    assert asked_role("how many loaders") is None


def test_a_name_beside_the_role_in_either_order() -> None:
    assert names_beside("Our operator, Dale Pruitt, was not hurt.", "operator")
    assert names_beside("Dale Pruitt was operating it that day.", "operator")
    assert names_beside("the new loader operator is my nephew Sam", "operating")
    assert not names_beside("Operator error, the report says.", "operator")  # opens a sentence
    assert not names_beside(
        "The operator was new. We had hired him in May after a long search for someone", "operator"
    )


def test_two_forms_of_one_word() -> None:
    assert same_word("driver", "driving")
    assert same_word("inspection", "inspector")
    assert not same_word("contact", "contractor")
    assert not same_word("run", "rung")
