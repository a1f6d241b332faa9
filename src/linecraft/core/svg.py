"""What every game's SVG drawing shares."""


class Svg(str):
    """An SVG document that shows itself in Jupyter."""

    def _repr_svg_(self) -> str:
        return str(self)
