"""Reference for shuffle and shuffle2 (OpenCL C 1.2, 6.12.12): only the low
ilogb(2m-1) bits of each mask element select (m = components of x), i.e. for
shuffle2 one more bit choosing between x and y."""


def shuffle(x, mask):
    m = len(x)
    return [x[k & (m - 1)] for k in mask]


def shuffle2(x, y, mask):
    m = len(x)
    xy = list(x) + list(y)
    return [xy[k & (2 * m - 1)] for k in mask]
