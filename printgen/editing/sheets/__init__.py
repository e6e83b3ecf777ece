"""Cards as spreadsheet rows: export, and import back into deck.yaml."""
