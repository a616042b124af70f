"""Balance Pai Sho's tile art (:mod:`paisho_core.tileart`): each tile has its own colour
*and* its own shape, so the tiles read without colour."""

from __future__ import annotations

from ..tileart import DRAGON, WHITE_LOTUS, arc, face

ART: dict[str, str] = {
    "A": (  # Avatar: a ring of the four nations' colours around the airbender arrow
        face("#fbf3dc", stroke="#00000033")
        + "".join(
            f'<path d="{arc(10, a + 6, a + 84)}" fill="none" stroke="{c}" stroke-width="4.2"/>'
            for a, c in ((-45, "#f2a516"), (45, "#2874a6"), (135, "#4f7a32"), (225, "#c0392b"))
        )
        + '<path d="M0,6.5L5,0.5H2V-6.5H-2V0.5H-5Z" fill="#2874a6"/>'
    ),
    "B": (  # Badgermole (earth): a green face, a sandy mound and three claw marks
        face("#4f7a32", stroke="#00000033")
        + '<path d="M-10,6.5L-4,-4.5L-1,-0.5L3.5,-7L10,6.5Z" fill="#e3cf96"/>'
        + '<path d="M-3.5,5V1.5M0,5V0.5M3.5,5V1.5" stroke="#5b3a1a" stroke-width="1.6" '
        'stroke-linecap="round"/>'
    ),
    "D": DRAGON,
    "S": (  # Sky Bison (air): a pale sky face, an air swirl and a cloud
        face("#d4ecfa", stroke="#00000033")
        + '<path d="M-8,-1C-8,-8.5 6,-9 6,-2.5C6,1.5 0,2 0,-1.5C0,-3.5 3,-4 3,-2" fill="none" '
        'stroke="#e07a1f" stroke-width="2.2" stroke-linecap="round"/>'
        + '<path d="M-8.5,7.5C-10,7.5 -10,4 -7.5,4C-7,1.8 -3.5,1.5 -2.5,3.3C-1.5,1.2 2.5,1 3,3.8'
        'C6,3.3 7,7.5 4.5,7.5Z" fill="#ffffff" stroke="#7fa9c6" stroke-width="0.9"/>'
    ),
    "K": (  # Koi (water): a deep blue face, an orange fish and a wave
        face("#1f5f99", stroke="#00000033")
        + '<path d="M-8,-0.5C-4,-6 3,-5.5 5.5,-0.5C3,4.5 -4,5 -8,-0.5Z" fill="#f28c28"/>'
        + '<path d="M4.5,-0.5L10,-5V4Z" fill="#f28c28"/>'
        + '<circle cx="-4.8" cy="-1.6" r="1.1" fill="#fff"/>'
        + '<path d="M-8,7C-5.5,5 -3.5,9 -1,7S3.5,5 6,7" fill="none" stroke="#cfe6f7" '
        'stroke-width="1.5" stroke-linecap="round"/>'
    ),
    "P": (  # Spirit: a dark violet face and a pale spirit with two eyes
        face("#3b2350", stroke="#00000033")
        + '<path d="M0,-10C6.5,-3.5 7.5,2.5 3,6.5C1.5,8 2.5,9.5 0,9.5C-2.5,9.5 -1.5,8 -3,6.5'
        'C-7.5,2.5 -6.5,-3.5 0,-10Z" fill="#d9c7f0"/>'
        + '<circle cx="-2.3" cy="0.5" r="1.5" fill="#3b2350"/>'
        + '<circle cx="2.3" cy="0.5" r="1.5" fill="#3b2350"/>'
    ),
    "L": WHITE_LOTUS,
}
"""Each tile code's art."""
