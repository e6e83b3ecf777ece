"""The web editor: the server, the deck page, its words, uploads and builds."""
