"""Names for language codes as parallel corpora spell them: ISO 639-1 (``ja``), ISO 639-3
(``jpn``, NTREX's ``arb``), FLORES's code and script (``jpn_Jpan``), a region (``zho-CN``).

A corpus that names its languages itself (NTREX's LANGUAGES.tsv) wins over this table; a code
neither knows is shown as it is.
"""

from __future__ import annotations

import re

# ISO 639-3 code → (English name, ISO 639-1 code or "").
_LANGUAGES: dict[str, tuple[str, str]] = {
    "afr": ("Afrikaans", "af"), "amh": ("Amharic", "am"), "ara": ("Arabic", "ar"),
    "arb": ("Arabic", ""), "arz": ("Egyptian Arabic", ""), "asm": ("Assamese", "as"),
    "aze": ("Azerbaijani", "az"), "bak": ("Bashkir", "ba"), "bel": ("Belarusian", "be"),
    "ben": ("Bengali", "bn"), "bod": ("Tibetan", "bo"), "bos": ("Bosnian", "bs"),
    "bul": ("Bulgarian", "bg"), "cat": ("Catalan", "ca"), "ces": ("Czech", "cs"),
    "ckb": ("Central Kurdish", ""), "cmn": ("Mandarin Chinese", ""), "cym": ("Welsh", "cy"),
    "dan": ("Danish", "da"), "deu": ("German", "de"), "div": ("Dhivehi", "dv"),
    "dzo": ("Dzongkha", "dz"), "ell": ("Greek", "el"), "eng": ("English", "en"),
    "epo": ("Esperanto", "eo"), "est": ("Estonian", "et"), "eus": ("Basque", "eu"),
    "fao": ("Faroese", "fo"), "fas": ("Persian", "fa"), "fil": ("Filipino", ""),
    "fin": ("Finnish", "fi"), "fra": ("French", "fr"), "fry": ("Western Frisian", "fy"),
    "gle": ("Irish", "ga"), "glg": ("Galician", "gl"), "guj": ("Gujarati", "gu"),
    "hau": ("Hausa", "ha"), "heb": ("Hebrew", "he"), "hin": ("Hindi", "hi"),
    "hrv": ("Croatian", "hr"), "hun": ("Hungarian", "hu"), "hye": ("Armenian", "hy"),
    "ibo": ("Igbo", "ig"), "ind": ("Indonesian", "id"), "isl": ("Icelandic", "is"),
    "ita": ("Italian", "it"), "jav": ("Javanese", "jv"), "jpn": ("Japanese", "ja"),
    "kan": ("Kannada", "kn"), "kat": ("Georgian", "ka"), "kaz": ("Kazakh", "kk"),
    "khm": ("Khmer", "km"), "kin": ("Kinyarwanda", "rw"), "kir": ("Kyrgyz", "ky"),
    "kor": ("Korean", "ko"), "kur": ("Kurdish", "ku"), "lao": ("Lao", "lo"),
    "lat": ("Latin", "la"), "lav": ("Latvian", "lv"), "lit": ("Lithuanian", "lt"),
    "ltz": ("Luxembourgish", "lb"), "mal": ("Malayalam", "ml"), "mar": ("Marathi", "mr"),
    "mkd": ("Macedonian", "mk"), "mlt": ("Maltese", "mt"), "mon": ("Mongolian", "mn"),
    "mri": ("Maori", "mi"), "msa": ("Malay", "ms"), "mya": ("Burmese", "my"),
    "nep": ("Nepali", "ne"), "nld": ("Dutch", "nl"), "nno": ("Norwegian Nynorsk", "nn"),
    "nob": ("Norwegian Bokmål", "nb"), "nor": ("Norwegian", "no"), "nya": ("Chichewa", "ny"),
    "ori": ("Odia", "or"), "orm": ("Oromo", "om"), "pan": ("Punjabi", "pa"),
    "pol": ("Polish", "pl"), "por": ("Portuguese", "pt"), "pus": ("Pashto", "ps"),
    "ron": ("Romanian", "ro"), "rus": ("Russian", "ru"), "sin": ("Sinhala", "si"),
    "slk": ("Slovak", "sk"), "slv": ("Slovenian", "sl"), "smo": ("Samoan", "sm"),
    "sna": ("Shona", "sn"), "snd": ("Sindhi", "sd"), "som": ("Somali", "so"),
    "spa": ("Spanish", "es"), "sqi": ("Albanian", "sq"), "srp": ("Serbian", "sr"),
    "swa": ("Swahili", "sw"), "swe": ("Swedish", "sv"), "tam": ("Tamil", "ta"),
    "tat": ("Tatar", "tt"), "tel": ("Telugu", "te"), "tgk": ("Tajik", "tg"),
    "tgl": ("Tagalog", "tl"), "tha": ("Thai", "th"), "tir": ("Tigrinya", "ti"),
    "ton": ("Tongan", "to"), "tuk": ("Turkmen", "tk"), "tur": ("Turkish", "tr"),
    "uig": ("Uyghur", "ug"), "ukr": ("Ukrainian", "uk"), "urd": ("Urdu", "ur"),
    "uzb": ("Uzbek", "uz"), "vie": ("Vietnamese", "vi"), "wol": ("Wolof", "wo"),
    "xho": ("Xhosa", "xh"), "yid": ("Yiddish", "yi"), "yor": ("Yoruba", "yo"),
    "yue": ("Cantonese", ""), "zho": ("Chinese", "zh"), "zsm": ("Malay", ""),
    "zul": ("Zulu", "zu"),
}
_BY_TWO_LETTERS = {two: name for name, two in _LANGUAGES.values() if two}
_BY_TWO_LETTERS.update({"ar": "Arabic", "zh": "Chinese", "ms": "Malay"})
_SCRIPTS = {
    "Latn": "Latin", "Cyrl": "Cyrillic", "Arab": "Arabic script", "Hans": "Simplified",
    "Hant": "Traditional", "Deva": "Devanagari", "Beng": "Bengali script", "Grek": "Greek",
    "Hebr": "Hebrew", "Jpan": "", "Kore": "", "Hang": "", "Thai": "", "Ethi": "",
    "Geor": "", "Armn": "", "Khmr": "", "Mymr": "", "Taml": "", "Telu": "", "Knda": "",
    "Mlym": "", "Gujr": "", "Guru": "Gurmukhi", "Orya": "", "Sinh": "", "Tibt": "",
    "Tfng": "Tifinagh",
}
_CODE = re.compile(r"([A-Za-z]{2,3})(?:[_-]([A-Za-z0-9]{2,8}))?")
ENGLISH = "English"


def language_name(code: str) -> str:
    """``jpn`` → Japanese, ``zho-CN`` → Chinese (CN), ``jpn_Jpan`` → Japanese,
    ``srp_Cyrl`` → Serbian (Cyrillic); a code this table does not know: the code itself."""
    match = _CODE.fullmatch(code.strip())
    if match is None:
        return code
    base, rest = match.group(1).lower(), match.group(2)
    name = _BY_TWO_LETTERS.get(base) if len(base) == 2 else _LANGUAGES.get(base, ("", ""))[0]
    if not name:
        return code
    if rest is None:
        return name
    qualifier = _SCRIPTS.get(rest, rest)
    return f"{name} ({qualifier})" if qualifier else name


def is_english(code: str, name: str = "") -> bool:
    """Whether a language is English (the usual reference), by its code or its name."""
    return language_name(code) == ENGLISH or language_name(code).startswith(ENGLISH + " (") \
        or name.strip().lower() == "english" or code.strip().lower() == "english"
