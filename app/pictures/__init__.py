"""Pictures of the views for slides: a view's content laid out whole (not just what a window
shows) as a :class:`~.picture.Picture` of boxes and texts, then written as SVG (real vector
chips and text, one group per token) or PNG at any scale, in a light, dark or high-contrast
theme. The command line (`bpelens render`) and the window's File menu make the same
pictures."""
