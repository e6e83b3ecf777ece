"""The printgen command line: every command and its options (cli.py, edit.py for the editing
commands), the validate report (validate.py, readings.py, tables.py) and the terminal's messages.
"""
