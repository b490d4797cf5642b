// FrameEncoding: filled in by the walking skeleton.
