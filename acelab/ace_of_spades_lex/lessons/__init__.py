"""The lessons of this game, each on the exercise kit (acelab.teaching.exercises)."""
