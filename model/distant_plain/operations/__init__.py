"""The Operations and Special Activities of the four factions (the aid's faction blocks), one module
per faction."""
