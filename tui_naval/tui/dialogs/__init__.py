"""Modal dialogs (ModalScreen[T] answered with dismiss)."""
