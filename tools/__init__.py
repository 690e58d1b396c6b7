"""kagent.tools"""
