"""kagent.patterns"""
