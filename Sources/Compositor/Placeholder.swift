// Compositor: filled in by the walking skeleton.
