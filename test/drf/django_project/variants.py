"""
DRF with waymark's documented Accept-header choices (docs/reference/versioning.md,
docs/reference/decisions.md#content-negotiation), used only to explain a disagreement: a request on which waymark
disagrees with plain DRF but agrees with this variant differs by these rules alone.

- the header is split on commas outside quoted strings, and parameters on
  semicolons outside them; a quoted-pair (backslash + char) stands for the char;
- inside a precedence group, a higher valid q comes first (header order otherwise);
- a valid `q=0` excludes the range; an invalid q is ignored (the range stays at q=1).

The plain run is made deterministic too: DRF keeps each precedence group in
a set, whose order is arbitrary (it changes with the hash seed); here it is
the header's order.
"""
import contextlib
import re
from urllib.parse import unquote

from rest_framework import negotiation
from rest_framework.utils import mediatypes

QVALUE = re.compile(r'^(?:0(?:\.[0-9]{0,3})?|1(?:\.0{0,3})?)$')


def header_order(media_type_lst):
    groups = [[], [], [], []]
    for media_type in media_type_lst:
        groups[3 - mediatypes._MediaType(media_type).precedence].append(media_type)
    return [group for group in groups if group]


mediatypes.order_by_precedence = header_order
negotiation.order_by_precedence = header_order


def split_outside_quotes(text, separator):
    parts, start, quoted, i = [], 0, False, 0
    while i < len(text):
        char = text[i]
        if quoted and char == '\\':
            i += 1
        elif char == '"':
            quoted = not quoted
        elif not quoted and char == separator:
            parts.append(text[start:i])
            start = i + 1
        i += 1
    parts.append(text[start:])
    return parts


def parse_rfc9110(line):
    head, *pieces = split_outside_quotes(line, ';')
    params = {}
    for piece in pieces:
        name, equals, value = piece.partition('=')
        if not equals:
            continue
        name, value = name.strip().lower(), value.strip()
        if len(value) >= 2 and value[0] == value[-1] == '"':
            value = re.sub(r'\\(.)', r'\1', value[1:-1])
        if name.endswith('*'):
            name = name[:-1]
            if value.count("'") == 2:
                charset, _, encoded = value.split("'")
                value = unquote(encoded, encoding=charset)
        params[name] = value
    return head.strip().lower(), params


def quality(media_type):
    q = mediatypes._MediaType(media_type).params.get('q')
    return float(q) if q is not None and QVALUE.match(q) else 1.0


def q_order(media_type_lst):
    ordered = header_order([m for m in media_type_lst if quality(m) > 0])
    return [sorted(group, key=lambda m: -quality(m)) for group in ordered]


def accept_list(self, request):
    header = request.META.get('HTTP_ACCEPT', '*/*')
    return [token.strip() for token in split_outside_quotes(header, ',')]


@contextlib.contextmanager
def rfc9110():
    saved = (mediatypes.parse_header_parameters, negotiation.order_by_precedence, negotiation.DefaultContentNegotiation.get_accept_list)
    mediatypes.parse_header_parameters = parse_rfc9110
    negotiation.order_by_precedence = q_order
    negotiation.DefaultContentNegotiation.get_accept_list = accept_list
    try:
        yield
    finally:
        mediatypes.parse_header_parameters, negotiation.order_by_precedence, negotiation.DefaultContentNegotiation.get_accept_list = saved
