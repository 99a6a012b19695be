"""The lesson browser: the example programs of ``resources/lessons`` and their texts."""
