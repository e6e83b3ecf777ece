"""Reading and writing files, and their errors: the YAML source, file schemas, limits, lengths and colours, spreadsheets, pictures' and fonts' files, and publishing what printgen makes."""
