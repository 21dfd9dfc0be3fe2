"""(in progress: issue 20)"""
