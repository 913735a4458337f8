"""The Textual front end: app, screens, dialogs and widgets."""
