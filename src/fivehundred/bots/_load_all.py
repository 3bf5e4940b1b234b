"""Import every built-in bot's module (as the catalog lists them) so that each registers its
bots."""

from importlib import import_module

from ..bot_catalog import MODULES

for _module in MODULES:
    import_module(f"{__package__}.{_module}")
