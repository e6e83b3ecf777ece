"""Reading and writing files, and their errors: the lowest layer, which knows nothing of decks.

The YAML source with its lines (yamlsrc and the yaml_* modules), the file schemas (schema,
schema_errors), the one safe reader of every file (deckfiles), spreadsheets (sheets, xlsx_read),
picture and font files (picture_files, font_files), limits, lengths (units) and colours, the
errors and their words, and publishing what printgen makes (output, journal, folderlock).
"""
