"""Shared pygame code: input actions, focus navigation, widgets, layout, cards, tweens, sound, i18n."""
