"""kagent.verifiers"""
