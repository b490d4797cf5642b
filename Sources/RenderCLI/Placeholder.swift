// RenderCLI: filled in by the walking skeleton.
